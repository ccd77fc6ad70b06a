/**
 * `npm run seed -- --classes 100000 [--students N] [--enrolments N]`: replace the data in DATA_DIR
 * with demo data of that size. Students and enrolments default to a size in proportion.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from './store/sqlite-schema.ts';
import { DEMO_CLASSES, demoSize, seed } from './seed.ts';

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
const dataDir = process.env.DATA_DIR ?? './data';
const started = performance.now();
const { db } = openDatabase(dataDir);
seed(db, size);
const enrolled = db.prepare('SELECT count(*) AS n FROM enrolments').get() as { n: number };
db.close();
console.log(
  `Seeded ${dataDir}: ${size.classes} turmas, ${size.students} students, ${enrolled.n} enrolments ` +
    `in ${Math.round(performance.now() - started)} ms`,
);
