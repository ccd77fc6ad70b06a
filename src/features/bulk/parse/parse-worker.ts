/**
 * Parses bulk input away from the page, so a large file never freezes it: one request in, one
 * reply out, tagged with the request's id (parse-off-main-thread.ts matches them up). Once
 * loaded it says so first, before any request: the page sends a file's bytes only then.
 */
import type { ParsedInput } from '../types';
import { parseSource } from './parse-input';

export interface ParseRequest {
  id: number;
  /** Typed or pasted text, or a file's bytes (transferred, decoded here). */
  source: string | ArrayBuffer;
}

export type ParseReply =
  { ready: true } | { id: number; result: ParsedInput } | { id: number; error: string };

self.addEventListener('message', (event: MessageEvent<ParseRequest>) => {
  const { id, source } = event.data;
  let reply: ParseReply;
  try {
    reply = { id, result: parseSource(source) };
  } catch (error) {
    // Only this request fails; the worker stays up for the next ones.
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
});

self.postMessage({ ready: true } satisfies ParseReply);
