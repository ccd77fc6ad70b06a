/**
 * What /v1/health on PostgreSQL goes by (postgres-pool.ts): a recent answer, never one older
 * than a failure to reach the database. The database stopped under an API process is in
 * database-faults.postgres.test.ts.
 */
import { expect, it } from 'vitest';
import { ANSWERED_WITHIN_MS, databaseAnswers } from './postgres-pool.ts';
import { StoreUnavailableError } from './store.ts';

function clocked() {
  let time = 0;
  const answers = databaseAnswers(() => time);
  return { answers, wait: (ms: number) => (time += ms) };
}

const refused = () =>
  Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));

it('goes by an answer at most ANSWERED_WITHIN_MS old, and asks before the first', async () => {
  const { answers, wait } = clocked();
  expect(answers.recent()).toBe(false);
  expect(await answers.noted(() => Promise.resolve(42))).toBe(42);
  wait(ANSWERED_WITHIN_MS);
  expect(answers.recent()).toBe(true);
  wait(1);
  expect(answers.recent()).toBe(false);
});

it('asks again once the database could not be reached, until it answers', async () => {
  const { answers, wait } = clocked();
  await answers.noted(() => Promise.resolve());
  wait(1);
  await expect(answers.noted(refused)).rejects.toBeInstanceOf(StoreUnavailableError);
  expect(answers.recent()).toBe(false);
  wait(1);
  await answers.noted(() => Promise.resolve());
  expect(answers.recent()).toBe(true);
});

it('takes an error the database answered for neither an answer nor a failure', async () => {
  const { answers } = clocked();
  const conflict = Object.assign(new Error('duplicate key'), { code: '23505' });
  await expect(answers.noted(() => Promise.reject(conflict))).rejects.toBe(conflict);
  expect(answers.recent()).toBe(false);
  await answers.noted(() => Promise.resolve());
  await expect(answers.noted(() => Promise.reject(conflict))).rejects.toBe(conflict);
  expect(answers.recent()).toBe(true);
});
