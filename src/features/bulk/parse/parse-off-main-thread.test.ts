import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseInput } from './parse-input';
import type { ParseReply, ParseRequest } from './parse-worker';
import type { ParsedInput } from '../types';

// The module keeps its worker for the page's lifetime: each test starts from a fresh copy.
async function loadModule() {
  vi.resetModules();
  return import('./parse-off-main-thread');
}

describe('parseInputOffMainThread without workers (jsdom)', () => {
  it('parses here, as parseInput does', async () => {
    expect(typeof Worker).toBe('undefined');
    const { parseInputOffMainThread } = await loadModule();
    const text = 'Nome;E-mail\r\nSilva, Ana;ana@x.com\r\n';
    await expect(parseInputOffMainThread(text)).resolves.toEqual(parseInput(text));
  });

  it('decodes a windows-1252 file', async () => {
    const { parseInputOffMainThread } = await loadModule();
    const bytes = Uint8Array.from('Nome;E-mail\nJoão;joao@x.com', (char) => char.charCodeAt(0));
    const parsed = await parseInputOffMainThread(bytes.buffer);
    expect(parsed.rows).toEqual([{ line: 2, name: 'João', email: 'joao@x.com', expiry: '' }]);
  });
});

/**
 * Records what the page sends, and answers when the test says so. It loads as a browser's does,
 * a task after it is created, unless `loads` says it fails to (its script cannot be fetched).
 */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  static loads = true;
  url: string;
  options: WorkerOptions | undefined;
  requests: { request: ParseRequest; transfer: Transferable[] }[] = [];
  terminated = false;

  constructor(url: string | URL, options?: WorkerOptions) {
    super();
    this.url = String(url);
    this.options = options;
    FakeWorker.started.push(this);
    const loads = FakeWorker.loads;
    setTimeout(() => (loads ? this.reply({ ready: true }) : this.crash('')));
  }

  postMessage(request: ParseRequest, transfer: Transferable[]) {
    if (this.terminated) throw new Error('terminated');
    this.requests.push({ request, transfer });
  }

  terminate() {
    this.terminated = true;
  }

  reply(reply: ParseReply) {
    this.dispatchEvent(new MessageEvent('message', { data: reply }));
  }

  crash(message: string) {
    this.dispatchEvent(new ErrorEvent('error', { message, cancelable: true }));
  }
}

function parsedWith(email: string): ParsedInput {
  return {
    rows: [{ line: 1, name: '', email, expiry: '' }],
    delimiter: ',',
    header: false,
    problems: [],
  };
}

/** The requests `worker` has been sent, once there are `count` of them. */
async function requestsOf(worker: FakeWorker | undefined, count: number) {
  await vi.waitFor(() => expect(worker?.requests).toHaveLength(count));
  return worker!.requests;
}

describe('parseInputOffMainThread with workers', () => {
  beforeEach(() => {
    FakeWorker.started = [];
    FakeWorker.loads = true;
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts one module worker on first use and keeps it for the next parses', async () => {
    const { parseInputOffMainThread } = await loadModule();
    expect(FakeWorker.started).toHaveLength(0);

    void parseInputOffMainThread('ana@x.com');
    void parseInputOffMainThread('bia@x.com');
    expect(FakeWorker.started).toHaveLength(1);
    const [worker] = FakeWorker.started;
    expect(worker?.url).toContain('parse-worker');
    expect(worker?.options).toEqual({ type: 'module' });
    expect((await requestsOf(worker, 2)).map(({ request }) => request.source)).toEqual([
      'ana@x.com',
      'bia@x.com',
    ]);
  });

  it('hands a file over to the worker rather than copying it', async () => {
    const { parseInputOffMainThread } = await loadModule();
    const file = new TextEncoder().encode('ana@x.com').buffer;
    void parseInputOffMainThread(file);
    const [{ request, transfer }] = (await requestsOf(FakeWorker.started[0], 1)) as [
      { request: ParseRequest; transfer: Transferable[] },
    ];
    expect(request.source).toBe(file);
    expect(transfer).toEqual([file]);
  });

  it('gives each parse its own answer, whatever order they come back in', async () => {
    const { parseInputOffMainThread } = await loadModule();
    const first = parseInputOffMainThread('ana@x.com');
    const second = parseInputOffMainThread('bia@x.com');
    const worker = FakeWorker.started[0]!;
    const [ana, bia] = (await requestsOf(worker, 2)).map(({ request }) => request.id);

    worker.reply({ id: bia!, result: parsedWith('bia@x.com') });
    worker.reply({ id: ana!, result: parsedWith('ana@x.com') });
    await expect(first).resolves.toEqual(parsedWith('ana@x.com'));
    await expect(second).resolves.toEqual(parsedWith('bia@x.com'));
  });

  it('rejects the one parse the worker could not do', async () => {
    const { parseInputOffMainThread } = await loadModule();
    const failing = parseInputOffMainThread('ana@x.com');
    const worker = FakeWorker.started[0]!;
    const { request } = (await requestsOf(worker, 1))[0]!;
    worker.reply({ id: request.id, error: 'out of memory' });
    await expect(failing).rejects.toThrow('out of memory');
  });

  it('rejects every waiting parse when the worker dies, and starts a new one next time', async () => {
    const { parseInputOffMainThread } = await loadModule();
    const first = parseInputOffMainThread('ana@x.com');
    const second = parseInputOffMainThread('bia@x.com');
    const broken = FakeWorker.started[0]!;
    await requestsOf(broken, 2);
    broken.crash('Out of memory');
    await expect(first).rejects.toThrow(Error);
    await expect(second).rejects.toThrow('Out of memory');
    expect(broken.terminated).toBe(true);

    const third = parseInputOffMainThread('caio@x.com');
    const fresh = FakeWorker.started[1]!;
    expect(fresh).not.toBe(broken);
    const { request } = (await requestsOf(fresh, 1))[0]!;
    fresh.reply({ id: request.id, result: parsedWith('caio@x.com') });
    await expect(third).resolves.toEqual(parsedWith('caio@x.com'));
  });

  it('parses here when the worker cannot load (offline, say), a file’s bytes too', async () => {
    FakeWorker.loads = false;
    const { parseInputOffMainThread } = await loadModule();
    const text = 'Nome;E-mail\nJoão;joao@x.com';
    const file = Uint8Array.from(text, (char) => char.charCodeAt(0)).buffer;

    await expect(parseInputOffMainThread(text)).resolves.toEqual(parseInput(text));
    await expect(parseInputOffMainThread(file)).resolves.toEqual(parseInput(text));
    // The bytes never went to a worker that did not load, so they could still be read here.
    expect(FakeWorker.started.flatMap((worker) => worker.requests)).toEqual([]);
    expect(FakeWorker.started.every((worker) => worker.terminated)).toBe(true);

    // Back online: the next parse tries a worker again.
    FakeWorker.loads = true;
    const again = parseInputOffMainThread('ana@x.com');
    const fresh = FakeWorker.started.at(-1)!;
    const { request } = (await requestsOf(fresh, 1))[0]!;
    fresh.reply({ id: request.id, result: parsedWith('ana@x.com') });
    await expect(again).resolves.toEqual(parsedWith('ana@x.com'));
  });

  it('parses here where no worker may be created', async () => {
    vi.stubGlobal(
      'Worker',
      class RefusedWorker {
        constructor() {
          throw new DOMException('Refused by the content security policy', 'SecurityError');
        }
        terminate() {}
      },
    );
    const { parseInputOffMainThread } = await loadModule();
    const text = 'Silva, Ana;ana@x.com';
    await expect(parseInputOffMainThread(text)).resolves.toEqual(parseInput(text));
  });
});

describe('parseInputOffMainThread without a parser to load', () => {
  afterEach(() => {
    vi.doUnmock('./parse-input');
  });

  it('says the parser could not be loaded, not that the list could not be read', async () => {
    vi.doMock('./parse-input', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { parseInputOffMainThread, ParserUnavailableError } = await loadModule();
    await expect(parseInputOffMainThread('ana@x.com')).rejects.toBeInstanceOf(
      ParserUnavailableError,
    );
  });
});
