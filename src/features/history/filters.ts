import type { ClassSummary } from '#contract';
import type { AuditQuery } from '#contract/extensions';

/** What History's list is narrowed to; the turma as picked, with its name, sent as its id. */
export type Filters = Pick<AuditQuery, 'email' | 'credential' | 'runId'> & {
  turma?: ClassSummary;
};
