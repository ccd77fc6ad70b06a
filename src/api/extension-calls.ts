/**
 * The calls of the extensions beyond v1 (decisions 015 and 019), each through the client's one
 * `request`: their schemas load with the features that make them, not with the first screen,
 * which makes only v1's. Each is made only to a server that offers its extension.
 */
import {
  auditQuerySchema,
  auditResponseSchema,
  expiringResponseSchema,
  rosterQuerySchema,
  rosterResponseSchema,
  studentSearchQuerySchema,
  studentSearchResponseSchema,
  studentsByEmailResponseSchema,
  undoBodySchema,
  undoResponseSchema,
  type AuditQuery,
  type AuditResponse,
  type ExpiringResponse,
  type RosterQuery,
  type RosterResponse,
  type StudentSearchQuery,
  type StudentSearchResponse,
  type StudentsByEmailResponse,
  type UndoBody,
  type UndoResponse,
} from '#contract/extensions';
import { toSearchParams, type ApiClient, type RequestOptions } from './client';

/** What an extension's call needs of a client. */
export type Requester = Pick<ApiClient, 'request'>;

/** ROSTER_EXTENSION: the students of one turma, a page at a time. */
export const getClassStudents = (
  api: Requester,
  classId: string,
  query: RosterQuery = {},
  options?: RequestOptions,
): Promise<RosterResponse> =>
  api.request({
    method: 'GET',
    path: `/classe/${encodeURIComponent(classId)}/students`,
    query: toSearchParams(query, rosterQuerySchema.shape),
    response: rosterResponseSchema,
    options,
  });

/** ROSTER_EXTENSION: students by name or e-mail, each with their turmas. */
export const findStudents = (
  api: Requester,
  query: StudentSearchQuery = {},
  options?: RequestOptions,
): Promise<StudentSearchResponse> =>
  api.request({
    method: 'GET',
    path: '/students',
    query: toSearchParams(query, studentSearchQuerySchema.shape),
    response: studentSearchResponseSchema,
    options,
  });

/**
 * STUDENTS_BY_EMAIL_EXTENSION: these students (1–100 e-mails), each with all their turmas;
 * unknown e-mails are left out. `readStudentsByEmail` asks for any number.
 */
export const getStudentsByEmail = (
  api: Requester,
  emails: readonly string[],
  options?: RequestOptions,
): Promise<StudentsByEmailResponse> =>
  api.request({
    method: 'GET',
    path: '/students/by-email',
    query: new URLSearchParams(emails.map((email) => ['email', email.trim()])),
    response: studentsByEmailResponseSchema,
    options,
  });

/** `GET /v1/enrolments/expiring`'s parameters, instants in ISO 8601. */
export interface ExpiringRequest {
  before: string;
  after?: string | undefined;
  classIds?: readonly string[] | undefined;
  page: number;
  pageSize: number;
}

/**
 * EXPIRING_EXTENSION: enrolments whose expiry is in [after, before), soonest first, in every
 * turma or only `classIds`.
 */
export const getExpiringEnrolments = (
  api: Requester,
  query: ExpiringRequest,
  options?: RequestOptions,
): Promise<ExpiringResponse> =>
  api.request({
    method: 'GET',
    path: '/enrolments/expiring',
    query: new URLSearchParams([
      ['before', query.before],
      ...(query.after === undefined ? [] : [['after', query.after]]),
      ...(query.classIds ?? []).map((id) => ['classId', id]),
      ['page', String(query.page)],
      ['pageSize', String(query.pageSize)],
    ]),
    response: expiringResponseSchema,
    options,
  });

/** AUDIT_EXTENSION: who wrote what, newest first, a page at a time. */
export const getAudit = (
  api: Requester,
  query: AuditQuery = {},
  options?: RequestOptions,
): Promise<AuditResponse> =>
  api.request({
    method: 'GET',
    path: '/audit',
    query: toSearchParams(query, auditQuerySchema.shape),
    response: auditResponseSchema,
    options,
  });

/** AUDIT_EXTENSION: sets back each turma one entry or a whole run changed. */
export const undo = (
  api: Requester,
  body: UndoBody,
  options?: RequestOptions,
): Promise<UndoResponse> =>
  api.request({
    method: 'POST',
    path: '/audit/undo',
    body: { schema: undoBodySchema, value: body },
    response: undoResponseSchema,
    options,
  });
