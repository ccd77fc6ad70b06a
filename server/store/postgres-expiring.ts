/**
 * The expiring extension on PostgreSQL (expiring.ts): one statement, one snapshot, for the
 * window's count (an index-only scan of `enrolments_by_expiry`, which includes the key) and the
 * page (a range of the same index, its students and turmas joined by their keys).
 */
import type { ExpiringResponse } from '#contract';
import { EXPIRING_ORDER, expiringPage, type ExpiringRow, type ExpiringWindow } from './expiring.ts';
import type { Query } from './postgres-load.ts';
import { iso } from './postgres-schema.ts';

const IN_WINDOW = 'e.expiration_date >= $1::timestamptz AND e.expiration_date < $2::timestamptz';
const IN_CLASSES = 'e.class_id = ANY($5::text[])';

/**
 * The page is sorted again in the aggregate, 100 rows at most: json_agg keeps a subquery's order
 * only by habit.
 */
const statement = (where: string) => `
SELECT (SELECT count(*) FROM enrolments e WHERE ${where})::int AS total,
  (SELECT coalesce(json_agg(json_build_object('studentName', p.student_name, 'email', p.email,
      'classId', p.class_id, 'className', p.class_name,
      'expirationDate', ${iso('p.expiration_date')})
    ORDER BY p.expiration_date, p.student_key, p.email, p.class_key, p.class_id), '[]'::json)
   FROM (SELECT s.name AS student_name, s.search_name AS student_key, s.email,
       c.id AS class_id, c.name AS class_name, c.search_name AS class_key, e.expiration_date
     FROM enrolments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id
     WHERE ${where} ORDER BY ${EXPIRING_ORDER} LIMIT $3 OFFSET $4) p) AS rows`;

const EVERYWHERE = statement(IN_WINDOW);
const IN_CHOSEN_CLASSES = statement(`${IN_WINDOW} AND ${IN_CLASSES}`);

export function createPostgresExpiringReads(query: Query) {
  return async (window: ExpiringWindow): Promise<ExpiringResponse> => {
    const { after, before, classIds, page, pageSize } = window;
    const values: unknown[] = [after, before, pageSize, (page - 1) * pageSize];
    // PostgreSQL's text cannot hold U+0000, so no turma's id does: such an id matches nothing.
    if (classIds) values.push(classIds.filter((id) => !id.includes('\0')));
    const { rows } = await query<{ total: number; rows: ExpiringRow[] }>({
      name: classIds ? 'expiring-in-classes' : 'expiring',
      text: classIds ? IN_CHOSEN_CLASSES : EVERYWHERE,
      values,
    });
    return expiringPage(rows[0]!.rows, rows[0]!.total);
  };
}
