/**
 * `parseSource` in a Web Worker: reading and decoding a file of thousands of rows would otherwise
 * hold the page still. Where there are no workers (the component tests' jsdom) it parses here.
 */
import type { ParseReply, ParseRequest } from './parse-worker';
import type { ParsedInput } from '../types';

interface Waiting {
  resolve: (result: ParsedInput) => void;
  reject: (error: Error) => void;
}

// One worker for the page's lifetime: starting one costs more than most parses.
let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/**
 * Reads the list of students of `source`: typed or pasted text, or a dropped or picked file's
 * bytes. A buffer is transferred to the worker, so the caller can no longer read it.
 */
export function parseInputOffMainThread(source: string | ArrayBuffer): Promise<ParsedInput> {
  if (typeof Worker === 'undefined') {
    // Loaded on demand even here, so papaparse never weighs on the page that only offers a worker.
    return import('./parse-input').then(({ parseSource }) => parseSource(source));
  }
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const request: ParseRequest = { id, source };
    waiting.set(id, { resolve, reject });
    try {
      parseWorker().postMessage(request, typeof source === 'string' ? [] : [source]);
    } catch (error) {
      // A buffer already transferred (detached) cannot be sent again.
      waiting.delete(id);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

function parseWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
  started.addEventListener('message', (event: MessageEvent<ParseReply>) => {
    const reply = event.data;
    const request = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) request?.reject(new Error(reply.error));
    else request?.resolve(reply.result);
  });
  // The worker answers each request, failures included; an error event means it did not load or
  // died, taking every waiting request with it. The next parse starts a new one.
  started.addEventListener('error', (event) => {
    event.preventDefault();
    const error = new Error(`The input parser failed: ${event.message || 'it did not start'}`);
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
    started.terminate();
    if (worker === started) worker = undefined;
  });
  worker = started;
  return started;
}
