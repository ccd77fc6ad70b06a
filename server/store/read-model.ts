/**
 * How the read model (the indexes in memory: class-rows.ts with class-search.ts, and
 * student-search.ts) stays as new as each request, the same on every engine. A model is built
 * from an engine's load and then brought up to date, before each read, by the engine's change
 * feed: "what changed since version N" (SQLite: sqlite-class-list.ts, sqlite-roster.ts;
 * PostgreSQL: postgres-class-list.ts, postgres-roster.ts). A feed that cannot tell (another
 * connection rewrote the data, its log was pruned) answers nothing, and the model is loaded
 * again. docs/decisions/017-read-model.md.
 */

/** Something as of a version of the database. */
export interface Versioned<Version, T> {
  version: Version;
  value: T;
}

/** One engine's source of a model: everything once, then what changed since a version. */
export interface ChangeFeed<Version, Loaded, Changes> {
  /** Everything the model is built from, read in one snapshot, and that snapshot's version. */
  load(): Promise<Versioned<Version, Loaded>>;
  /**
   * What changed since `version`, as of a version at least as new as this call; undefined when
   * only a new load can tell.
   */
  since(version: Version): Promise<Versioned<Version, Changes> | undefined>;
}

/**
 * A feed that answers at once, inside the caller's transaction (SQLite); its load in steps, as a
 * build (`Building`), as it may read for seconds.
 */
export interface ChangeFeedNow<Version, Loaded, Changes> {
  load(): Building<Versioned<Version, Loaded>>;
  since(version: Version): Versioned<Version, Changes> | undefined;
}

/**
 * A model's build in steps: it yields where it may give the event loop a turn, and returns the
 * model. A million turmas take seconds to build, which would otherwise leave every request,
 * health and liveness unanswered meanwhile (decision 018).
 */
export type Building<M> = Generator<undefined, M, undefined>;

/** Runs a build to its end at once: inside a read's transaction, which cannot wait. */
export function builtNow<M>(building: Building<M>): M {
  for (;;) {
    const step = building.next();
    if (step.done) return step.value;
  }
}

/** A build in one step, for a model small enough to build at once (a turma's roster). */
export function* inOneStep<M>(build: () => M): Building<M> {
  yield;
  return build();
}

/** How long a build runs before the event loop gets a turn. */
const BUILD_SLICE_MS = 10;

/**
 * Runs a build, giving the event loop a turn every BUILD_SLICE_MS. Once `stop` is aborted the build
 * ends at its next turn: the reason is thrown into it, so that its `finally` blocks and the
 * iterators it reads (a statement's rows) close, then rejects with it.
 */
export async function builtGivingWay<M>(building: Building<M>, stop?: AbortSignal): Promise<M> {
  let sliceEnds = performance.now() + BUILD_SLICE_MS;
  for (;;) {
    const step = building.next();
    if (step.done) return step.value;
    if (performance.now() < sliceEnds) continue;
    await new Promise((resolve) => setImmediate(resolve));
    if (stop?.aborted) {
      building.throw(stop.reason);
      // A build that caught it and went on is left unfinished all the same.
      throw stop.reason;
    }
    sliceEnds = performance.now() + BUILD_SLICE_MS;
  }
}

/** How a model is built from a load, and follows changes. */
export interface Model<Loaded, Changes, M> {
  build(loaded: Loaded): Building<M>;
  apply(model: M, changes: Changes): void;
}

/** When a model was last loaded whole and last caught up, in ms since the epoch (for /metrics). */
export interface ModelTimes {
  loadedAt?: number | undefined;
  refreshedAt?: number | undefined;
}

let made: ModelTimes[] | undefined;

/**
 * The times of the models `make` builds synchronously: each engine's modules keep their models
 * to themselves, and a store reads them this way at a scrape rather than each module handing
 * them up.
 */
export function withModelTimes<T>(make: () => T): { made: T; times: ModelTimes } {
  const outer = made;
  made = [];
  try {
    return { made: make(), times: made[0] ?? {} };
  } finally {
    made = outer;
  }
}

/** A model kept as new as the feed's last answer. */
export class Followed<Version, Loaded, Changes, M> implements ModelTimes {
  loadedAt: number | undefined;
  refreshedAt: number | undefined;
  private state: { version: Version; model: M } | undefined;
  private loading: Promise<void> | undefined;
  private reading: Promise<M> | undefined;
  private queued: Promise<M> | undefined;
  /** The next catch-up, not sent yet: whoever asks now may share it. */
  private unsent: Promise<M> | undefined;

  private readonly kind: Model<Loaded, Changes, M>;

  constructor(kind: Model<Loaded, Changes, M>) {
    this.kind = kind;
    made?.push(this);
  }

  /** The model as it stands, not caught up: undefined before the first load. */
  get model(): M | undefined {
    return this.state?.model;
  }

  /** The model as of now, from a feed that answers at once. */
  now(feed: ChangeFeedNow<Version, Loaded, Changes>): M {
    const changes = this.state && feed.since(this.state.version);
    if (!this.state || !changes) {
      const { version, value } = builtNow(feed.load());
      return this.loaded(version, builtNow(this.kind.build(value)));
    }
    return this.applied(this.state, changes);
  }

  /**
   * The first load from a feed that answers at once, its build giving the event loop turns: at
   * start, before any read (whose `now` would find the connection busy). The caller holds the
   * snapshot the feed reads in. Once `stop` is aborted the load ends at its next turn, the model
   * left unloaded.
   */
  async loadGivingWay(
    feed: ChangeFeedNow<Version, Loaded, Changes>,
    stop?: AbortSignal,
  ): Promise<void> {
    const { version, value } = await builtGivingWay(feed.load(), stop);
    this.loaded(version, await builtGivingWay(this.kind.build(value), stop));
  }

  /**
   * The model as new as a catch-up sent after this call: requests that arrive before the next one
   * is sent (in the same turn of the event loop) or while one is reading share it, so concurrent
   * reads cost one or two statements, not one each, and each still sees every write
   * acknowledged before it arrived.
   */
  current(feed: ChangeFeed<Version, Loaded, Changes>): Promise<M> {
    if (this.unsent) return this.unsent;
    if (!this.reading) {
      // Sent once the requests read in this turn of the event loop have all asked.
      this.unsent = this.reading = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => {
          this.unsent = undefined;
          return this.follow(feed);
        })
        .finally(() => (this.reading = undefined));
      return this.reading;
    }
    this.queued ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.current(feed);
      });
    return this.queued;
  }

  /**
   * The model as new as this call's own catch-up, shared with no other: for a feed whose answer
   * carries reads of the caller's too (the student search's page). Changes are idempotent to
   * apply, so catch-ups that answer in any order leave the model at least as new as each one's
   * version; a load meanwhile makes the answer relative to an older model.
   */
  async follow(feed: ChangeFeed<Version, Loaded, Changes>): Promise<M> {
    for (;;) {
      const before = this.state;
      const changes = before && !this.loading ? await feed.since(before.version) : undefined;
      // Another request loaded the model while this one read: read again, relative to it.
      if (this.state !== before || this.loading) {
        await this.loading;
        continue;
      }
      if (before && changes) return this.applied(before, changes);
      this.loading = feed
        .load()
        .then(async ({ version, value }) => {
          this.loaded(version, await builtGivingWay(this.kind.build(value)));
        })
        .finally(() => (this.loading = undefined));
      await this.loading;
      return this.state!.model;
    }
  }

  private loaded(version: Version, model: M): M {
    this.state = { version, model };
    this.loadedAt = this.refreshedAt = Date.now();
    return this.state.model;
  }

  private applied(state: { version: Version; model: M }, changes: Versioned<Version, Changes>): M {
    this.kind.apply(state.model, changes.value);
    state.version = changes.version;
    this.refreshedAt = Date.now();
    return state.model;
  }
}
