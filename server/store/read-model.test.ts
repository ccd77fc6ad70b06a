/**
 * The read model's one catch-up loop (read-model.ts), with a feed over an in-memory log: what
 * each engine's feed relies on (load once, changes after, a new load when the feed cannot tell,
 * a load meanwhile answered relative to the new model).
 */
import { expect, it } from 'vitest';
import {
  builtGivingWay,
  builtNow,
  Followed,
  inOneStep,
  type Building,
  type ChangeFeed,
  type ChangeFeedNow,
  type Model,
} from './read-model.ts';

/** A model of numbers: loaded as a list, told of the numbers added. */
const NUMBERS: Model<readonly number[], readonly number[], number[]> = {
  build: (loaded) => inOneStep(() => [...loaded]),
  apply: (model, added) => model.push(...added),
};

/** A log of numbers; `since` cannot tell past `forgetBefore`, as a pruned log. */
function logFeed() {
  const log: number[] = [];
  let forgetBefore = 0;
  let loads = 0;
  const feed: ChangeFeedNow<number, readonly number[], readonly number[]> = {
    load: () =>
      inOneStep(() => {
        loads++;
        return { version: log.length, value: [...log] };
      }),
    since(version) {
      if (version < forgetBefore) return undefined;
      return { version: log.length, value: log.slice(version) };
    },
  };
  return {
    feed,
    log,
    loads: () => loads,
    forget: () => (forgetBefore = log.length),
  };
}

const later = <T>(value: () => T): Promise<T> =>
  new Promise((resolve) => setTimeout(() => resolve(value()), 1));

/** `logFeed` answering later, counting the catch-ups asked. */
function askedFeed() {
  const { feed: now, log } = logFeed();
  let asked = 0;
  const feed: ChangeFeed<number, readonly number[], readonly number[]> = {
    load: () => later(() => builtNow(now.load())),
    since: (version) => {
      asked++;
      // The answer is as of the moment it is asked, as a snapshot is.
      const answer = now.since(version);
      return later(() => answer);
    },
  };
  return { feed, log, asked: () => asked };
}

it('loads once, then follows the changes; loads again when the feed cannot tell', () => {
  const { feed, log, loads, forget } = logFeed();
  const numbers = new Followed(NUMBERS);
  log.push(1, 2);
  expect(numbers.now(feed)).toEqual([1, 2]);
  log.push(3);
  expect(numbers.now(feed)).toEqual([1, 2, 3]);
  expect(loads()).toBe(1);
  log.push(4);
  forget();
  expect(numbers.now(feed)).toEqual([1, 2, 3, 4]);
  expect(loads()).toBe(2);
});

it('shares a catch-up among requests that arrive while one reads, and each sees what came before it', async () => {
  const { feed, log, asked } = askedFeed();
  const numbers = new Followed(NUMBERS);
  await numbers.current(feed);
  log.push(1);
  const first = numbers.current(feed);
  // The first catch-up is sent at the end of this turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  log.push(2);
  const second = numbers.current(feed);
  const third = numbers.current(feed);
  // The first catch-up's answer holds 1 only: the other two waited for the next one.
  expect([...(await first)]).toEqual([1]);
  expect(await second).toEqual([1, 2]);
  expect(await third).toBe(await second);
  expect(asked()).toBe(2);
});

it('sends one catch-up for the requests of one turn, after the last of them', async () => {
  const { feed, log, asked } = askedFeed();
  const numbers = new Followed(NUMBERS);
  await numbers.current(feed);
  log.push(1);
  const first = numbers.current(feed);
  log.push(2);
  const second = numbers.current(feed);
  expect(await first).toEqual([1, 2]);
  expect(await second).toBe(await first);
  expect(asked()).toBe(1);
});

it('a catch-up that answers after a load is asked again, relative to the new model', async () => {
  const { feed: now, log, forget } = logFeed();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  const feed: ChangeFeed<number, readonly number[], readonly number[]> = {
    load: () => Promise.resolve(builtNow(now.load())),
    async since(version) {
      const answer = now.since(version);
      if (holding) await held;
      return answer;
    },
  };
  const numbers = new Followed(NUMBERS);
  await numbers.current(feed);
  log.push(1);
  holding = true;
  const slow = numbers.follow(feed);
  holding = false;
  log.push(2);
  forget();
  const loaded = await numbers.follow(feed);
  release();
  expect(await slow).toBe(loaded);
  expect(loaded).toEqual([1, 2]);
});

it('a build giving way ends at its next turn once told to stop, closing what it reads', async () => {
  let closed = false;
  function* endless(): Building<never> {
    try {
      for (;;) yield;
    } finally {
      closed = true; // as a statement's rows are, read with for…of
    }
  }
  const stop = new AbortController();
  const building = builtGivingWay(endless(), stop.signal);
  // The build has given the event loop a turn: this one comes after it.
  await new Promise((resolve) => setImmediate(resolve));
  expect(closed).toBe(false);
  stop.abort();
  await expect(building).rejects.toBe(stop.signal.reason);
  expect(closed).toBe(true);
});
