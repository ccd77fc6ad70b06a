/**
 * The served OpenAPI document is good enough to generate a client from: @hey-api/openapi-ts
 * writes a TypeScript client from `/v1/openapi.json`, `tsc --strict` accepts it with the student
 * `name` typed `string`, and it lists, enrols a student into 2 turmas and removes them again
 * against the real server.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createClient } from '@hey-api/openapi-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_FIXTURES, TURMAS } from './testing/fixtures.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from './testing/test-server.ts';

const run = promisify(execFile);
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * Code written against the generated client, type-checked with it: the assertions on types are
 * compile errors if they fail, and `journey` is what the test then runs.
 */
const JOURNEY = `
import { client } from './client.gen';
import { addStudentToClasses, getClasses, removeStudentFromClasses } from './sdk.gen';
import type { AddStudentBody, AddStudentToClassesBody, Class, ClassList, ErrorBody } from './types.gen';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const typed: true[] = [
  true satisfies Equal<AddStudentToClassesBody['name'], string>,
  true satisfies Equal<AddStudentBody['name'], string>,
  true satisfies Equal<ClassList['data'][number], Class>,
  true satisfies Equal<Class['countStudents'], number>,
  true satisfies Equal<ErrorBody['message'], string>,
];

export async function journey(baseUrl: string, token: string, ids: [string, string]) {
  client.setConfig({ baseUrl, auth: () => token });
  const counts = async (): Promise<Record<string, number>> => {
    const { data } = await getClasses({
      query: { page: 1, pageSize: 100, sortBy: 'name' },
      throwOnError: true,
    });
    return Object.fromEntries(data.data.map((turma) => [turma.id, turma.countStudents]));
  };
  const before = await counts();
  const student: AddStudentToClassesBody = {
    name: 'Dora Nunes',
    email: 'dora.generated@escola.example',
    classes: ids.map((id) => ({ id })),
    expirationDate: '2030-12-31T23:59:59Z',
  };
  const enrolment = await addStudentToClasses({ body: student, throwOnError: true });
  const enrolled = await counts();
  const removal = await removeStudentFromClasses({
    body: { email: student.email, classes: student.classes },
    throwOnError: true,
  });
  const after = await counts();
  return { before, enrolled, after, answers: [enrolment.data, removal.data] };
}
`;

interface Journey {
  journey: (
    baseUrl: string,
    token: string,
    ids: [string, string],
  ) => Promise<{
    before: Record<string, number>;
    enrolled: Record<string, number>;
    after: Record<string, number>;
    answers: unknown[];
  }>;
}

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer({ fixtures: STANDARD_FIXTURES });
  dir = await mkdtemp(join(tmpdir(), 'turmas-generated-client-'));
  await createClient({
    input: `${server.url}/v1/openapi.json`,
    output: dir,
    plugins: ['@hey-api/client-fetch'],
    logs: { level: 'silent', file: false },
  });
  await writeFile(join(dir, 'journey.ts'), JOURNEY);
});
afterAll(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a client generated from /v1/openapi.json', () => {
  it('type-checks with tsc --strict, the student name typed string', async () => {
    // In the output folder, so that no @types of this repository come in: the client alone.
    const { stdout } = await run(
      process.execPath,
      [
        TSC,
        '--strict',
        '--noEmit',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--lib',
        'es2022,dom',
        // TypeScript's own lib files need no checking here: it halves the time.
        '--skipLibCheck',
        'journey.ts',
      ],
      { cwd: dir },
      // tsc prints its diagnostics on stdout and exits 1 or 2: show them.
    ).catch((error: unknown) => ({
      stdout: (error as { stdout?: string }).stdout ?? String(error),
    }));
    expect(stdout).toBe('');
  }, 60_000); // about 1.5 s quiet: room for a machine busy with other suites

  it('lists, enrols a student into 2 turmas and removes them against the real server', async () => {
    const ids: [string, string] = [TURMAS.turmaB.id, TURMAS.matematica9A.id];
    const { journey } = (await import(pathToFileURL(join(dir, 'journey.ts')).href)) as Journey;

    // Through the global fetch, which checks every answer against the document (setup.ts).
    const { before, enrolled, after, answers } = await journey(`${server.url}/v1`, TEST_TOKEN, ids);

    expect(answers).toEqual([{}, {}]);
    expect(Object.keys(before)).toHaveLength(Object.keys(TURMAS).length);
    expect(enrolled).toEqual({
      ...before,
      [ids[0]]: before[ids[0]]! + 1,
      [ids[1]]: before[ids[1]]! + 1,
    });
    expect(after).toEqual(before);
  });
});
