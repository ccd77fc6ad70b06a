import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { relayLogLines } from './child-log-lines.ts';

it('relays whole lines only, each one JSON object with the fields added', async () => {
  const stream = new PassThrough();
  const written: string[] = [];
  const lines = relayLogLines(stream, { port: 3001 }, (line) => written.push(line));

  // Chunks as a pipe may cut them: in the middle of a line, and two lines in one.
  stream.write('{"time":"t","level":"info","msg":"request","status":200,');
  stream.write('"ms":1.2}\n{"time":"t","level":"info","msg":"ready"}\nnot json\n[1]\n{"level":');
  stream.end('"warn","msg":"last, unterminated"}');
  await once(lines, 'close');

  expect(written.map((line) => JSON.parse(line) as unknown)).toEqual([
    { time: 't', level: 'info', msg: 'request', status: 200, ms: 1.2, port: 3001 },
    { time: 't', level: 'info', msg: 'ready', port: 3001 },
    { time: expect.any(String) as unknown, level: 'info', msg: 'not json', port: 3001 },
    { time: expect.any(String) as unknown, level: 'info', msg: '[1]', port: 3001 },
    { level: 'warn', msg: 'last, unterminated', port: 3001 },
  ]);
});
