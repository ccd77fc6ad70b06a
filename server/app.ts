/**
 * The Class Enrollment API v1, as the reference server answers it.
 *
 * Every answer outside 2xx is the spec's Error body `{status, message}` (status as a string),
 * JSON, and never a stack trace: see `errorBody` and `onError` below.
 */
import { zValidator } from '@hono/zod-validator';
import { createHash } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod/mini';
import {
  addStudentToClassBodySchema,
  addStudentToClassesBodySchema,
  BODY_MAX_BYTES,
  classIdSchema,
  classListQuerySchema,
  describeIssues,
  removeStudentFromClassesBodySchema,
  type ErrorBody,
} from '../src/api/contract.ts';
import { UnknownClassesError, UnknownStudentError, type Store } from './db.ts';
import type { Logger } from './log.ts';
import { buildOpenApiDocument } from './openapi.ts';

export interface ApiOptions {
  store: Store;
  /** Accepted bearer tokens; compared in constant time. */
  tokens: readonly string[];
  log: Logger;
}

export function errorBody(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json<ErrorBody>({ status: String(status), message }, status);
}

/** Validates one request part with the contract, answering 400 with a message naming the field. */
function valid<Target extends 'json' | 'query' | 'param', Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      return errorBody(c, 400, describeIssues(result.error, target === 'json' ? 'body' : target));
    }
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The API speaks JSON only: say so plainly instead of reporting every field as missing. */
const requireJson: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return errorBody(c, 415, 'Content-Type must be application/json');
  }
  await next();
};

const limitBody = bodyLimit({
  maxSize: BODY_MAX_BYTES,
  onError: (c) => errorBody(c, 413, `Request body must be at most ${BODY_MAX_BYTES} bytes`),
});

const writeGuards = [limitBody, requireJson] as const;

const classIdParamSchema = z.object({ id: classIdSchema });

/** The `/v1` routes, mounted by server.ts (production) and dev-entry.ts (`npm run dev`). */
export function createApi({ store, tokens, log }: ApiOptions) {
  const unauthorized = (message: string) => ({
    message: (c: Context) => errorBody(c, 401, message),
  });
  const openApiDocument = buildOpenApiDocument();

  return (
    new Hono()
      .basePath('/v1')
      .get('/health', (c) => c.json({ status: 'ok' }))
      .get('/openapi.json', (c) => c.json(openApiDocument))
      .use(
        '*',
        bearerAuth({
          token: [...tokens],
          // Hono compares digests of the tokens; its default hashes through crypto.subtle, which
          // is asynchronous and cost ~0.1 ms per request, more than listing a page of turmas.
          hashFunction: sha256,
          noAuthenticationHeader: unauthorized(
            'Missing bearer token: send Authorization: Bearer <token>',
          ),
          invalidAuthenticationHeader: unauthorized(
            'Malformed Authorization header: expected Bearer <token>',
          ),
          invalidToken: unauthorized('Invalid or expired token'),
        }),
      )
      .get('/classe', valid('query', classListQuerySchema), (c) =>
        c.json(store.listClasses(c.req.valid('query'))),
      )
      .post(
        '/classe/add-student',
        ...writeGuards,
        valid('json', addStudentToClassesBodySchema),
        (c) => {
          const { classes, ...student } = c.req.valid('json');
          store.enrol({ ...student, classIds: classes.map((ref) => ref.id) });
          return c.json({});
        },
      )
      .post(
        '/classe/:id/add-student',
        ...writeGuards,
        valid('param', classIdParamSchema),
        valid('json', addStudentToClassBodySchema),
        (c) => {
          store.enrol({ ...c.req.valid('json'), classIds: [c.req.valid('param').id] });
          return c.json({});
        },
      )
      .delete(
        '/classe/remove-student',
        ...writeGuards,
        valid('json', removeStudentFromClassesBodySchema),
        (c) => {
          const { email, classes } = c.req.valid('json');
          store.remove({ email, classIds: classes.map((ref) => ref.id) });
          return c.json({});
        },
      )
      // A catch-all rather than notFound(): a mounted app's notFound handler is never called.
      .all('*', (c) => errorBody(c, 404, `No route ${c.req.method} ${c.req.path}`))
      .onError((error, c) => {
        if (error instanceof UnknownClassesError) return errorBody(c, 404, error.message);
        if (error instanceof UnknownStudentError) return errorBody(c, 404, error.message);
        if (error instanceof HTTPException) {
          // bearerAuth's answers are already Error bodies (see `unauthorized`).
          if (error.res) return error.getResponse();
          // Hono's own 4xx (malformed JSON): keep the status, speak the Error body.
          const status = error.status;
          const message =
            error.message === 'Malformed JSON in request body'
              ? 'body: must be valid JSON'
              : error.message || 'Bad request';
          return status >= 500 ? internal(c, error) : errorBody(c, status, message);
        }
        return internal(c, error);
      })
  );

  function internal(c: Context, error: Error) {
    log.error('unhandled error', { method: c.req.method, path: c.req.path, error });
    return errorBody(c, 500, 'Internal server error');
  }
}
