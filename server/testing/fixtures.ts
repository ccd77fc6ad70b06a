/**
 * The standard set of turmas most API tests start from. Chosen so that every ordering has ties
 * and the ids disagree with both the raw-name order and the insertion order: only a tie-break
 * by id gives the orders the tests expect.
 *
 * | id | name                 | createdAt  | updatedAt  | students            |
 * |----|----------------------|------------|------------|---------------------|
 * | t1 | matematica avançada  | 2024-01-02 | 2024-02-01 | 0                   |
 * | t2 | historia             | 2024-01-01 | 2024-02-10 | 0                   |
 * | t3 | Turma_B              | 2024-01-06 | 2024-01-25 | 0                   |
 * | t4 | Matemática 9º A      | 2024-01-05 | 2024-03-01 | 2 (Ana, Bruno)      |
 * | t5 | História             | 2024-01-03 | 2024-03-01 | 1 (Ana)             |
 * | t6 | Física               | 2024-01-02 | 2024-01-15 | 2 (Bruno, Carla)    |
 * | t7 | Inglês 100% online   | 2024-01-04 | 2024-01-20 | 1 (Carla)           |
 */
import type { EnrolmentFixture, Fixtures, StudentFixture, TurmaFixture } from './database.ts';

const turma = (id: string, name: string, created: string, updated: string): TurmaFixture => ({
  id,
  name,
  createdAt: `${created}T10:00:00.000Z`,
  updatedAt: `${updated}T10:00:00.000Z`,
});

export const TURMAS = {
  matematicaAvancada: turma('t1', 'matematica avançada', '2024-01-02', '2024-02-01'),
  historiaLowercase: turma('t2', 'historia', '2024-01-01', '2024-02-10'),
  turmaB: turma('t3', 'Turma_B', '2024-01-06', '2024-01-25'),
  matematica9A: turma('t4', 'Matemática 9º A', '2024-01-05', '2024-03-01'),
  historia: turma('t5', 'História', '2024-01-03', '2024-03-01'),
  fisica: turma('t6', 'Física', '2024-01-02', '2024-01-15'),
  ingles: turma('t7', 'Inglês 100% online', '2024-01-04', '2024-01-20'),
} as const;

export const STUDENTS = {
  ana: { name: 'Ana Souza', email: 'ana@escola.example' },
  bruno: { name: 'Bruno Lima', email: 'bruno@escola.example' },
  carla: { name: 'Carla Dias', email: 'carla@escola.example' },
} as const satisfies Record<string, StudentFixture>;

/** The expiry every standard enrolment has. */
export const STANDARD_EXPIRY = '2026-12-31T23:59:59.000Z';

const enrolment = (turma: TurmaFixture, student: StudentFixture): EnrolmentFixture => ({
  turma,
  student,
  expirationDate: STANDARD_EXPIRY,
});

export const STANDARD_FIXTURES: Fixtures = {
  // Inserted in reverse id order, so that the insertion order cannot pass for the id order.
  turmas: Object.values(TURMAS).toReversed(),
  enrolments: [
    enrolment(TURMAS.matematica9A, STUDENTS.ana),
    enrolment(TURMAS.matematica9A, STUDENTS.bruno),
    enrolment(TURMAS.historia, STUDENTS.ana),
    enrolment(TURMAS.fisica, STUDENTS.bruno),
    enrolment(TURMAS.fisica, STUDENTS.carla),
    enrolment(TURMAS.ingles, STUDENTS.carla),
  ],
};
