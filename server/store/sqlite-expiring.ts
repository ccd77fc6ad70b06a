/**
 * The expiring extension on SQLite (expiring.ts): a range of `enrolments_by_expiry`, whose
 * entries carry the primary key (WITHOUT ROWID), joined to the page's students and turmas by
 * their keys. The count reads the same range of the index alone.
 */
import type { ExpiringResponse } from '#contract';
import { EXPIRING_ORDER, expiringPage, type ExpiringRow, type ExpiringWindow } from './expiring.ts';
import type { Db } from './sqlite-schema.ts';

const COLUMNS = `s.name AS studentName, s.email, c.id AS classId, c.name AS className,
  e.expiration_date AS expirationDate`;
const FROM = `FROM enrolments e JOIN students s ON s.id = e.student_id
  JOIN classes c ON c.id = e.class_id`;
const IN_WINDOW = 'e.expiration_date >= @after AND e.expiration_date < @before';
const IN_CLASSES = 'e.class_id IN (SELECT value FROM json_each(@classIds))';

interface Bound {
  after: string;
  before: string;
  classIds?: string;
  limit?: number;
  offset?: number;
}

export function createExpiringReads(db: Db): (window: ExpiringWindow) => ExpiringResponse {
  const page = (where: string) =>
    db.prepare<[Bound], ExpiringRow>(
      `SELECT ${COLUMNS} ${FROM} WHERE ${where} ORDER BY ${EXPIRING_ORDER}
       LIMIT @limit OFFSET @offset`,
    );
  const count = (where: string) =>
    db.prepare<[Bound], number>(`SELECT count(*) FROM enrolments e WHERE ${where}`).pluck();
  const everywhere = { page: page(IN_WINDOW), count: count(IN_WINDOW) };
  const inClasses = {
    page: page(`${IN_WINDOW} AND ${IN_CLASSES}`),
    count: count(`${IN_WINDOW} AND ${IN_CLASSES}`),
  };

  return (window) => {
    const { after, before, classIds } = window;
    const statements = classIds ? inClasses : everywhere;
    const bound: Bound = { after, before, ...(classIds && { classIds: JSON.stringify(classIds) }) };
    const total = statements.count.get(bound)!;
    const offset = (window.page - 1) * window.pageSize;
    const rows =
      offset < total ? statements.page.all({ ...bound, limit: window.pageSize, offset }) : [];
    return expiringPage(rows, total);
  };
}
