/**
 * `parseSource` in a Web Worker: reading and decoding a file of thousands of rows would otherwise
 * hold the page still. Where there are no workers (the component tests' jsdom), or the worker
 * cannot be started or loaded (offline, its file gone with a new version, a policy refusing
 * workers), it parses here: slower for a large file, but the list is read.
 */
import type { ParseReply, ParseRequest } from './parse-worker';
import type { ParsedInput } from '../types';

/** Neither the worker nor this page could load the parser: nothing was read. */
export class ParserUnavailableError extends Error {
  override name = 'ParserUnavailableError';
}

interface Waiting {
  resolve: (result: ParsedInput) => void;
  reject: (error: Error) => void;
}

interface ParseWorker {
  worker: Worker;
  /** True once the worker has said it is loaded; false if it failed before that. */
  loaded: Promise<boolean>;
}

// One worker for the page's lifetime: starting one costs more than most parses.
let current: ParseWorker | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/**
 * Reads the list of students of `source`: typed or pasted text, or a dropped or picked file's
 * bytes. A buffer is transferred to the worker, so the caller can no longer read it. Rejects with
 * `ParserUnavailableError` when the parser could not be loaded anywhere, and with another error
 * when the source could not be read.
 */
export async function parseInputOffMainThread(source: string | ArrayBuffer): Promise<ParsedInput> {
  const started = typeof Worker === 'undefined' ? undefined : parseWorker();
  // A buffer goes to the worker only once it is known to be loaded: one transferred to a worker
  // that never ran could not be parsed here any more.
  if (!started || !(await started.loaded)) return parseHere(source);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const request: ParseRequest = { id, source };
    waiting.set(id, { resolve, reject });
    try {
      started.worker.postMessage(request, typeof source === 'string' ? [] : [source]);
    } catch (error) {
      // A buffer already transferred (detached) cannot be sent again.
      waiting.delete(id);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/**
 * Starts the worker ahead of the first parse, where workers exist: once its code is loaded, a list
 * pasted after the connection drops is still read (the input step calls it as it shows).
 */
export function warmParser(): void {
  if (typeof Worker !== 'undefined') parseWorker();
}

async function parseHere(source: string | ArrayBuffer): Promise<ParsedInput> {
  // Loaded on demand even here, so papaparse never weighs on the page that only offers a worker.
  const { parseSource } = await import('./parse-input').catch((error: unknown) => {
    throw new ParserUnavailableError('The input parser could not be loaded', { cause: error });
  });
  return parseSource(source);
}

/** The page's worker, started on first use, or undefined where one cannot be created. */
function parseWorker(): ParseWorker | undefined {
  if (current) return current;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // Refused at once (a content security policy without worker-src, say).
    return undefined;
  }
  let settleLoaded: (loaded: boolean) => void = () => {};
  const started: ParseWorker = {
    worker,
    loaded: new Promise((resolve) => (settleLoaded = resolve)),
  };
  worker.addEventListener('message', (event: MessageEvent<ParseReply>) => {
    const reply = event.data;
    if ('ready' in reply) {
      settleLoaded(true);
      return;
    }
    const request = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) request?.reject(new Error(reply.error));
    else request?.resolve(reply.result);
  });
  // The worker answers each request, failures included; an error event means it did not load
  // (before its "ready": the parses waiting for it go on here) or died, taking every request it
  // held with it. The next parse starts a new one.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    settleLoaded(false);
    const error = new Error(`The input parser failed: ${event.message || 'it stopped'}`);
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
    worker.terminate();
    if (current === started) current = undefined;
  });
  current = started;
  return started;
}
