/**
 * `GET /v1/openapi.json`: the OpenAPI 3.1 description, generated from the same zod contract the
 * server validates with, so the document cannot drift from what the server accepts.
 */
import { z } from 'zod/mini';
import {
  addStudentToClassBodySchema,
  addStudentToClassesBodySchema,
  classIdSchema,
  classListQuerySchema,
  classListResponseSchema,
  errorBodySchema,
  removeStudentFromClassesBodySchema,
  writeSuccessSchema,
} from '#contract';

const schema = (type: z.ZodMiniType, io: 'input' | 'output') =>
  z.toJSONSchema(type, { io, target: 'draft-2020-12', unrepresentable: 'any' });

const json = (type: z.ZodMiniType, io: 'input' | 'output') => ({
  'application/json': { schema: schema(type, io) },
});

const errorResponse = (description: string) => ({
  description,
  content: json(errorBodySchema, 'output'),
});

const writeResponses = {
  '200': { description: 'Done: an empty JSON object', content: json(writeSuccessSchema, 'output') },
  '400': errorResponse('A field is missing, malformed or too large; the message names it'),
  '401': errorResponse('Missing or invalid bearer token'),
  '404': errorResponse('Unknown turma id(s) or, on removal, unknown student e-mail'),
  '413': errorResponse('Request body over 64 KiB'),
  '415': errorResponse('Content-Type is not application/json'),
};

function queryParameters() {
  const properties = schema(classListQuerySchema, 'output').properties ?? {};
  const meaning: Record<string, string> = {
    page: 'Page number, 1-based',
    pageSize: 'Page size, 1 to 100',
    sortBy: 'Field to sort by; a "-" prefix sorts descending; ties are broken by id',
    query: 'Case- and accent-insensitive substring of the turma name',
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    description: meaning[name],
    schema: property,
  }));
}

export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Class Enrollment API',
      version: '1.0.0',
      description:
        'Lists turmas (classes) and enrols or removes students. Reference implementation.',
    },
    servers: [{ url: '/v1' }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths: {
      '/classe': {
        get: {
          operationId: 'getClasses',
          summary: 'List turmas',
          parameters: queryParameters(),
          responses: {
            '200': {
              description: 'A page of turmas',
              content: json(classListResponseSchema, 'output'),
            },
            '400': errorResponse('A query parameter is invalid; the message names it'),
            '401': errorResponse('Missing or invalid bearer token'),
          },
        },
      },
      '/classe/add-student': {
        post: {
          operationId: 'addStudentToClasses',
          summary: 'Enrol a student in several turmas (creates the student when the e-mail is new)',
          requestBody: { required: true, content: json(addStudentToClassesBodySchema, 'input') },
          responses: writeResponses,
        },
      },
      '/classe/{id}/add-student': {
        post: {
          operationId: 'addStudentToClass',
          summary: 'Enrol a student in one turma (creates the student when the e-mail is new)',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: schema(classIdSchema, 'input') },
          ],
          requestBody: { required: true, content: json(addStudentToClassBodySchema, 'input') },
          responses: writeResponses,
        },
      },
      '/classe/remove-student': {
        delete: {
          operationId: 'removeStudentFromClasses',
          summary: 'Remove a student from several turmas (irreversible)',
          requestBody: {
            required: true,
            content: json(removeStudentFromClassesBodySchema, 'input'),
          },
          responses: writeResponses,
        },
      },
      '/health': {
        get: {
          operationId: 'health',
          summary: 'Liveness probe; needs no token',
          security: [],
          responses: { '200': { description: 'The server is up' } },
        },
      },
    },
  };
}
