/**
 * On SQLite the indexes load as the process starts, seconds at a million turmas, on the one event
 * loop that also answers liveness and health: their builds give it turns (read-model.ts), so that
 * an orchestrator's probes are answered meanwhile (decision 018).
 */
import { beforeAll, expect, it } from 'vitest';
import { openStore } from './store/open-store.ts';
import type { Store } from './store/store.ts';
import { startTestServer } from './testing/test-server.ts';

/** Enough turmas and students that building each index takes hundreds of milliseconds. */
const ROWS = 30_000;

// The answers are checked against the served document (setup.ts), which a starting server does
// not serve yet: a started one serves it first.
beforeAll(async () => {
  const server = await startTestServer({ seedClasses: 1 });
  await server.request('/live');
  await server.stop();
});

it('answers liveness and health while the turma and student indexes load', async () => {
  let listeningAt!: (url: string) => void;
  const listening = new Promise<string>((resolve) => (listeningAt = resolve));
  /** For each index, what came first: the load's end, or the probes' answers. */
  const first: Record<string, unknown> = {};
  const starting = startTestServer({
    onListening: listeningAt,
    openStore: async (config, log) => {
      const size = { classes: ROWS, students: ROWS, enrolments: 0 };
      const opened = await openStore(config, log, size);
      const load: Store['load'] = async (index) => {
        const base = await listening;
        const loading = opened.store.load(index);
        const probes = Promise.all([
          fetch(`${base}/v1/live`).then((answer) => answer.status),
          fetch(`${base}/v1/health`).then(async (answer) => [
            answer.status,
            (await answer.json()) as unknown,
          ]),
        ]);
        first[index] = await Promise.race([probes, loading.then(() => 'loaded')]);
        await loading;
      };
      return { ...opened, store: { ...opened.store, load } };
    },
  });
  const started = await starting;
  try {
    const starting = (reason: string) => [
      503,
      { status: '503', message: `Not ready: starting: ${reason}` },
    ];
    expect(first).toEqual({
      turmas: [200, starting('migrating the schema and loading the turma index')],
      students: [200, starting('loading the student index')],
    });
    expect((await started.request('/classe?pageSize=1')).body).toMatchObject({
      totalRecords: ROWS,
    });
  } finally {
    await started.stop();
  }
});
