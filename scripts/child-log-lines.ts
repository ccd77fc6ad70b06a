/**
 * A child process's log, relayed line by line (scripts/start-scaled.ts): a pipe hands over chunks
 * that may end mid-line, so only whole lines are passed on, each still one JSON object (README,
 * "Operations") with `fields` added, the child's port: a text prefix would make every line
 * unparsable. A line that is not a JSON object (a stray print) becomes the `msg` of one.
 */
import { createInterface, type Interface } from 'node:readline';
import type { Readable } from 'node:stream';

export function relayLogLines(
  stream: Readable,
  fields: Record<string, unknown>,
  write: (line: string) => void,
): Interface {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line === '') return;
    const entry = parseObject(line) ?? { time: new Date().toISOString(), level: 'info', msg: line };
    write(JSON.stringify({ ...entry, ...fields }));
  });
  return lines;
}

function parseObject(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
