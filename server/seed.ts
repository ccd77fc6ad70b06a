/**
 * Demo data in pt-BR: turmas named the way Brazilian schools name them ("9º ano A — Matemática"),
 * students with plausible names, and enrolments between them. Deterministic for a given size, so
 * screenshots, tests and benchmarks see the same data.
 */
import { foldForSearch } from '#contract';
import { newClassId, type Db } from './store/sqlite-schema.ts';

export interface SeedSize {
  classes: number;
  students: number;
  enrolments: number;
}

/** The size `npm run dev` and a first `npm start` use unless SEED_CLASSES says otherwise. */
export const DEMO_CLASSES = 240;

export function demoSize(classes: number): SeedSize {
  return {
    classes,
    students: Math.min(Math.ceil(classes / 3), 50_000),
    enrolments: Math.min(classes * 3, 500_000),
  };
}

const GRADES = [
  '1º ano',
  '2º ano',
  '3º ano',
  '4º ano',
  '5º ano',
  '6º ano',
  '7º ano',
  '8º ano',
  '9º ano',
  '1ª série',
  '2ª série',
  '3ª série',
];
const SECTIONS = ['A', 'B', 'C', 'D', 'E', 'F'];
const SUBJECTS = [
  'Matemática',
  'Língua Portuguesa',
  'Ciências',
  'História',
  'Geografia',
  'Inglês',
  'Educação Física',
  'Arte',
  'Física',
  'Química',
  'Biologia',
  'Filosofia',
  'Sociologia',
  'Redação',
];
const FIRST_NAMES = [
  'Ana',
  'João',
  'Maria',
  'Pedro',
  'Beatriz',
  'Lucas',
  'Júlia',
  'Gabriel',
  'Larissa',
  'Rafael',
  'Camila',
  'Matheus',
  'Letícia',
  'Gustavo',
  'Isabela',
  'Felipe',
  'Manuela',
  'Enzo',
  'Valentina',
  'Heitor',
  'Lívia',
  'Davi',
  'Helena',
  'Arthur',
  'Sofia',
  'Bernardo',
  'Alice',
  'Miguel',
  'Laura',
  'Caio',
  'Giovanna',
  'Thiago',
  'Yasmin',
  'Vinícius',
  'Luana',
  'Otávio',
  'Clara',
  'Igor',
  'Cecília',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Araújo',
  'Teixeira',
  'Conceição',
];

/** mulberry32: tiny, fast, good enough to make demo data look random yet stay reproducible. */
export function randomNumbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** "9º ano A — Matemática"; past the 1,008 plain combinations, schools get a unit number. */
export function className(index: number): string {
  const subject = SUBJECTS[index % SUBJECTS.length]!;
  const rest = Math.floor(index / SUBJECTS.length);
  const section = SECTIONS[rest % SECTIONS.length]!;
  const grade = GRADES[Math.floor(rest / SECTIONS.length) % GRADES.length]!;
  const unit = Math.floor(index / (SUBJECTS.length * SECTIONS.length * GRADES.length));
  return `${grade} ${section} — ${subject}${unit > 0 ? ` · Unidade ${unit + 1}` : ''}`;
}

/** Demo data as columns, ready for either engine to write: the same for a given size and seed. */
export interface DemoRows {
  classes: { ids: string[]; names: string[]; searchNames: string[]; createdAt: string[] };
  students: {
    emails: string[];
    names: string[];
    createdAt: string[];
    /** foldForSearch of each e-mail and name (decision 015). */
    searchEmails: string[];
    searchNames: string[];
  };
  /** Student numbers count from 1, in the order `students` lists them (the row ids they get). */
  enrolments: { classIds: string[]; studentNumbers: number[]; expirationDates: (string | null)[] };
}

export function demoRows(size: SeedSize, seedValue = 2026): DemoRows {
  const next = randomNumbers(seedValue);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const yearMs = 365 * 24 * 3600 * 1000;
  const now = Date.now();
  const rows: DemoRows = {
    classes: { ids: [], names: [], searchNames: [], createdAt: [] },
    students: { emails: [], names: [], createdAt: [], searchEmails: [], searchNames: [] },
    enrolments: { classIds: [], studentNumbers: [], expirationDates: [] },
  };
  for (let i = 0; i < size.classes; i++) {
    const name = className(i);
    rows.classes.ids.push(newClassId());
    rows.classes.names.push(name);
    rows.classes.searchNames.push(foldForSearch(name));
    rows.classes.createdAt.push(new Date(now - next() * 2 * yearMs).toISOString());
  }
  for (let i = 0; i < size.students; i++) {
    const first = pick(FIRST_NAMES);
    const last = `${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`;
    const local = foldForSearch(`${first}.${last}`).replace(/[^a-z.]+/g, '.');
    const email = `${local}.${i + 1}@aluno.escola.example`;
    const name = `${first} ${last}`;
    rows.students.emails.push(email);
    rows.students.names.push(name);
    rows.students.searchEmails.push(foldForSearch(email));
    rows.students.searchNames.push(foldForSearch(name));
    rows.students.createdAt.push(new Date(now - next() * yearMs).toISOString());
  }
  const endOfYear = `${new Date().getUTCFullYear()}-12-31T23:59:59.000Z`;
  const enrolments = size.students > 0 && size.classes > 0 ? size.enrolments : 0;
  for (let i = 0; i < enrolments; i++) {
    rows.enrolments.studentNumbers.push(1 + Math.floor(next() * size.students));
    rows.enrolments.classIds.push(pick(rows.classes.ids));
    rows.enrolments.expirationDates.push(next() < 0.7 ? endOfYear : null);
  }
  return rows;
}

/**
 * Seeded turmas were all "updated" when seeded: spread updatedAt over the time since creation
 * instead, so that sorting by it shows something. Deterministic from the row key (1, 2, …).
 */
export const UPDATED_AFTER_CREATION_SECONDS = (key: string) => `((${key} * 7919) % 15552000)`;

/** Replaces everything in the SQLite database with demo data of the given size, in one transaction. */
export function seed(db: Db, size: SeedSize, seedValue = 2026): void {
  const rows = demoRows(size, seedValue);
  const insertClass = db.prepare(
    `INSERT INTO classes (id, name, search_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
  );
  const insertStudent = db.prepare(
    `INSERT INTO students (email, name, created_at, search_email, search_name)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const insertEnrolment = db.prepare(
    `INSERT OR IGNORE INTO enrolments (class_id, student_id, expiration_date) VALUES (?, ?, ?)`,
  );

  const replaceAll = () => {
    // The audit trail too, as on PostgreSQL: its student ids and turma ids would name the new
    // rows (students' ids start again from 1).
    db.exec(`DELETE FROM enrolments; DELETE FROM students; DELETE FROM classes;
      DELETE FROM audit; DELETE FROM audit_classes; DELETE FROM audit_tail;`);
    const { classes, students, enrolments } = rows;
    classes.ids.forEach((id, i) => {
      const created = classes.createdAt[i]!;
      insertClass.run(id, classes.names[i], classes.searchNames[i], created, created);
    });
    students.emails.forEach((email, i) => {
      const { names, createdAt, searchEmails, searchNames } = students;
      insertStudent.run(email, names[i], createdAt[i], searchEmails[i], searchNames[i]);
    });
    enrolments.classIds.forEach((classId, i) => {
      insertEnrolment.run(classId, enrolments.studentNumbers[i], enrolments.expirationDates[i]);
    });
    db.exec(`UPDATE classes SET updated_at = min(
      strftime('%Y-%m-%dT%H:%M:%fZ', created_at,
        '+' || ${UPDATED_AFTER_CREATION_SECONDS('rowid')} || ' seconds'),
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
  };
  db.transaction(replaceAll)();
  // Seeding writes a lot at once: fold the WAL back and refresh the planner's statistics.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
}
