/**
 * Demo data in pt-BR: turmas named the way Brazilian schools name them ("9º ano A — Matemática"),
 * students with plausible names, and enrolments between them. Deterministic for a given size, so
 * screenshots, tests and benchmarks see the same data.
 */
import { foldForSearch } from '#contract';
import { newClassId, type Db } from './store/schema.ts';

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
function random(seed: number) {
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

/** Replaces everything in the database with demo data of the given size, in one transaction. */
export function seed(db: Db, size: SeedSize, seedValue = 2026): void {
  const next = random(seedValue);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const yearMs = 365 * 24 * 3600 * 1000;
  const now = Date.now();

  const insertClass = db.prepare(
    `INSERT INTO classes (id, name, search_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
  );
  const insertStudent = db.prepare(
    `INSERT INTO students (email, name, created_at) VALUES (?, ?, ?)`,
  );
  const insertEnrolment = db.prepare(
    `INSERT OR IGNORE INTO enrolments (class_id, student_id, expiration_date) VALUES (?, ?, ?)`,
  );

  const replaceAll = () => {
    db.exec('DELETE FROM enrolments; DELETE FROM students; DELETE FROM classes;');
    const classIds: string[] = [];
    for (let i = 0; i < size.classes; i++) {
      const id = newClassId();
      const name = className(i);
      const created = new Date(now - next() * 2 * yearMs).toISOString();
      insertClass.run(id, name, foldForSearch(name), created, created);
      classIds.push(id);
    }
    for (let i = 0; i < size.students; i++) {
      const first = pick(FIRST_NAMES);
      const last = `${pick(LAST_NAMES)} ${pick(LAST_NAMES)}`;
      const local = foldForSearch(`${first}.${last}`).replace(/[^a-z.]+/g, '.');
      const created = new Date(now - next() * yearMs).toISOString();
      insertStudent.run(`${local}.${i + 1}@aluno.escola.example`, `${first} ${last}`, created);
    }
    const endOfYear = `${new Date().getUTCFullYear()}-12-31T23:59:59.000Z`;
    const enrolments = size.students > 0 && classIds.length > 0 ? size.enrolments : 0;
    for (let i = 0; i < enrolments; i++) {
      const studentId = 1 + Math.floor(next() * size.students);
      insertEnrolment.run(pick(classIds), studentId, next() < 0.7 ? endOfYear : null);
    }
    // The triggers stamped every enrolled turma "updated now": spread updatedAt over the time
    // since creation instead, so sorting by it shows something (rowid keeps it deterministic).
    db.exec(`UPDATE classes SET updated_at = min(
      strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+' || ((rowid * 7919) % 15552000) || ' seconds'),
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
  };
  db.transaction(replaceAll)();
  // Seeding writes a lot at once: fold the WAL back and refresh the planner's statistics.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
}
