/**
 * `npm run seed -- --classes 100000 [--students N] [--enrolments N]`: replace the data with demo
 * data of that size, in PostgreSQL when DATABASE_URL is set, in DATA_DIR's SQLite file otherwise.
 * Students and enrolments default to a size in proportion. Running servers see the new data.
 */
import { parseArgs } from 'node:util';
import { seedPostgresDatabase } from './store/postgres-store.ts';
import { openDatabase } from './store/sqlite-schema.ts';
import { DEMO_CLASSES, demoSize, seed, type SeedSize } from './seed.ts';

const { values } = parseArgs({
  options: {
    classes: { type: 'string', default: String(DEMO_CLASSES) },
    students: { type: 'string' },
    enrolments: { type: 'string' },
  },
});

function count(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got "${text}"`);
    process.exit(2);
  }
  return value;
}

const classes = count('classes', values.classes, DEMO_CLASSES);
const defaults = demoSize(classes);
const size = {
  classes,
  students: count('students', values.students, defaults.students),
  enrolments: count('enrolments', values.enrolments, defaults.enrolments),
};
const started = performance.now();
const databaseUrl = process.env.DATABASE_URL?.trim();
const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : (process.env.DATA_DIR ?? './data');
const enrolled = databaseUrl
  ? await seedIntoPostgres(databaseUrl, size)
  : seedIntoSqlite(process.env.DATA_DIR ?? './data', size);
console.log(
  `Seeded ${where}: ${size.classes} turmas, ${size.students} students, ${enrolled} enrolments ` +
    `in ${Math.round(performance.now() - started)} ms`,
);

function seedIntoSqlite(dataDir: string, size: SeedSize): number {
  const { db } = openDatabase(dataDir);
  seed(db, size);
  const { n } = db.prepare('SELECT count(*) AS n FROM enrolments').get() as { n: number };
  db.close();
  return n;
}

async function seedIntoPostgres(url: string, size: SeedSize): Promise<number> {
  try {
    return await seedPostgresDatabase(url, size);
  } catch (error) {
    // The message, never the error itself: pg's errors can carry the connection's settings.
    console.error(`Could not seed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
