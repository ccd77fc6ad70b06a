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

/** Records what the page sends, and answers when the test says so. */
class FakeWorker extends EventTarget {
  static started: FakeWorker[] = [];
  url: string;
  options: WorkerOptions | undefined;
  requests: { request: ParseRequest; transfer: Transferable[] }[] = [];
  terminated = false;

  constructor(url: string | URL, options?: WorkerOptions) {
    super();
    this.url = String(url);
    this.options = options;
    FakeWorker.started.push(this);
  }

  postMessage(request: ParseRequest, transfer: Transferable[]) {
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

describe('parseInputOffMainThread with workers', () => {
  beforeEach(() => {
    FakeWorker.started = [];
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
    expect(worker?.requests.map(({ request }) => request.source)).toEqual([
      'ana@x.com',
      'bia@x.com',
    ]);
  });

  it('hands a file over to the worker rather than copying it', async () => {
    const { parseInputOffMainThread } = await loadModule();
    const file = new TextEncoder().encode('ana@x.com').buffer;
    void parseInputOffMainThread(file);
    const [{ request, transfer }] = FakeWorker.started[0]!.requests as [
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
    const [ana, bia] = worker.requests.map(({ request }) => request.id);

    worker.reply({ id: bia!, result: parsedWith('bia@x.com') });
    worker.reply({ id: ana!, result: parsedWith('ana@x.com') });
    await expect(first).resolves.toEqual(parsedWith('ana@x.com'));
    await expect(second).resolves.toEqual(parsedWith('bia@x.com'));
  });

  it('rejects the one parse the worker could not do', async () => {
    const { parseInputOffMainThread } = await loadModule();
    const failing = parseInputOffMainThread('ana@x.com');
    const worker = FakeWorker.started[0]!;
    worker.reply({ id: worker.requests[0]!.request.id, error: 'out of memory' });
    await expect(failing).rejects.toThrow('out of memory');
  });

  it('rejects every waiting parse when the worker fails, and starts a new one next time', async () => {
    const { parseInputOffMainThread } = await loadModule();
    const first = parseInputOffMainThread('ana@x.com');
    const second = parseInputOffMainThread('bia@x.com');
    const broken = FakeWorker.started[0]!;
    broken.crash('Failed to load the script');
    await expect(first).rejects.toThrow(Error);
    await expect(second).rejects.toThrow('Failed to load the script');
    expect(broken.terminated).toBe(true);

    const third = parseInputOffMainThread('caio@x.com');
    const fresh = FakeWorker.started[1]!;
    expect(fresh).not.toBe(broken);
    fresh.reply({ id: fresh.requests[0]!.request.id, result: parsedWith('caio@x.com') });
    await expect(third).resolves.toEqual(parsedWith('caio@x.com'));
  });
});
