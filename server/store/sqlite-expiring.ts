/**
 * The expiring extension on SQLite (expiring.ts): the index in memory (expiring-index.ts), read
 * once and followed inside each request's read transaction. Another connection's write
 * (`data_version`) loads it again; this connection's own writes (`total_changes()`) replace the
 * turmas the store says it wrote (`changed`, with none for a write of audit rows only), or load it
 * again when it said nothing.
 */
import type { ExpiringResponse } from '#contract/extensions';
import type { ExpiringWindow } from './expiring.ts';
import { EXPIRING, type ExpiringChanges, type ExpiringSourceRow } from './expiring-index.ts';
import { Followed, inOneStep, type ChangeFeedNow, type ModelTimes } from './read-model.ts';
import type { Db } from './sqlite-schema.ts';

const ROWS = `SELECT e.class_id AS classId, c.name AS className,
    c.search_name AS classSearchName, e.student_id AS studentId, s.name AS studentName, s.email,
    s.search_name AS studentSearchName, e.expiration_date AS expirationDate
  FROM enrolments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id
  WHERE e.expiration_date IS NOT NULL`;

/** As of another connection's last write (data_version) and this one's (total_changes). */
interface Version {
  data: number;
  total: number;
}

/**
 * The reads; `changed`: the store's own write to these turmas (none: audit rows only), before it
 * reads again; `times`: when the index was loaded (the store remaps the file after a load).
 */
export type ExpiringReads = ((window: ExpiringWindow) => ExpiringResponse) & {
  changed(classIds: readonly string[]): void;
  times: ModelTimes;
};

export function createExpiringReads(db: Db): ExpiringReads {
  const every = db.prepare<[], ExpiringSourceRow>(ROWS);
  // The turmas drive the loop: each one's enrolments by the primary key's prefix.
  const ofClasses = db.prepare<[string], ExpiringSourceRow>(
    `${ROWS.replace('FROM enrolments e', 'FROM json_each(?) AS asked CROSS JOIN enrolments e')}
       AND e.class_id = asked.value`,
  );
  const version = db.prepare<[], Version>(
    'SELECT data_version AS data, total_changes() AS total FROM pragma_data_version',
  );
  /** The turmas the store said it wrote since the last read; undefined when it said nothing. */
  let written: Set<string> | undefined;

  const feed: ChangeFeedNow<Version, Iterable<ExpiringSourceRow>, ExpiringChanges> = {
    load: () =>
      inOneStep(() => {
        written = undefined;
        return { version: version.get()!, value: every.iterate() };
      }),
    since(from) {
      const now = version.get()!;
      if (now.data !== from.data || (now.total !== from.total && !written)) return;
      const classIds = [...(written ?? [])];
      written = undefined;
      const rows = classIds.length === 0 ? [] : ofClasses.all(JSON.stringify(classIds));
      return { version: now, value: { classIds, rows } };
    },
  };
  const index = new Followed(EXPIRING);

  const read = db.transaction((window: ExpiringWindow) => index.now(feed).page(window));
  return Object.assign(read, {
    changed(classIds: readonly string[]) {
      if (!index.model) return;
      written ??= new Set();
      for (const id of classIds) written.add(id);
    },
    times: index,
  });
}
