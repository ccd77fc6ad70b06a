/**
 * Every answer the API tests receive, checked against the served `/v1/openapi.json`: its status
 * must be listed for the operation (`default` does not count: it is for clients, not a licence
 * for the server), and its body must match that status's schema. An answer on a `/v1` path the
 * document has no operation for must be an Error body. Every way the API tests get an answer goes
 * through it: fetch (`installConformingFetch`, from setup.ts), app.request() (test-app.ts), raw
 * sockets (raw-http.ts), so the document and the server cannot drift apart unnoticed.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { get } from 'node:http';

export interface CheckedAnswer {
  method: string;
  /** As sent: origin-form (`/v1/classe?page=2`) or absolute. */
  target: string;
  status: number;
  contentType: string | undefined;
  /** The body as text; undefined when there is none to check (HEAD, a body not read). */
  text: string | undefined;
  /** The Allow header, where the caller reads headers: a 405 must list the path's methods. */
  allow?: string | null | undefined;
}

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
  $ref?: string;
}
interface OperationObject {
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, ResponseObject> };
}

const SCHEMAS_ID = 'urn:turmas:openapi:schemas';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The document's schema references, made absolute into the one schema ajv holds them in. */
const absoluteRefs = <T>(value: T): T =>
  JSON.parse(
    JSON.stringify(value).replaceAll('"#/components/schemas/', `"${SCHEMAS_ID}#/$defs/`),
  ) as T;

const mediaTypeOf = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase();

interface Operation {
  method: string;
  path: string;
  matches: RegExp;
  responses: Record<string, ResponseObject>;
}

/** The checks of one document: ajv compiled once, validators cached per schema. */
export class OpenApiConformance {
  readonly #document: OpenApiDocument;
  readonly #ajv: Ajv2020;
  readonly #operations: Operation[];
  readonly #basePath: string;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(document: unknown) {
    this.#document = document as OpenApiDocument;
    this.#ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema({
      $id: SCHEMAS_ID,
      $defs: absoluteRefs(this.#document.components?.schemas ?? {}),
    });
    const server = this.#document.servers?.[0]?.url ?? '/';
    this.#basePath = new URL(server, 'http://localhost').pathname.replace(/\/$/, '');
    this.#operations = Object.entries(this.#document.paths)
      // Literal paths before templated ones, as routers match them.
      .sort(([a], [b]) => Number(a.includes('{')) - Number(b.includes('{')))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => HTTP_METHODS.includes(method))
          .map(([method, operation]) => ({
            method: method.toUpperCase(),
            path,
            matches: new RegExp(
              `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
            ),
            responses: operation.responses,
          })),
      );
  }

  /** What is wrong with `answer` by the document; empty when nothing is. */
  problems(answer: CheckedAnswer): string[] {
    let path: string;
    try {
      path = new URL(answer.target, 'http://localhost').pathname;
    } catch {
      return []; // not a URL: Node refused it, and no operation is involved
    }
    if (!path.startsWith(`${this.#basePath}/`)) return []; // the console's files, not the API
    const method = answer.method.toUpperCase();
    // A CORS preflight is HTTP plumbing that OpenAPI does not describe.
    if (method === 'OPTIONS' && answer.status < 400) return [];
    const apiPath = path.slice(this.#basePath.length);
    const asked = method === 'HEAD' ? 'GET' : method;
    const operation = this.#operations.find(
      (candidate) => candidate.method === asked && candidate.matches.test(apiPath),
    );
    const where = `${answer.method} ${answer.target.slice(0, 120)} → ${answer.status}`;
    if (!operation) return this.#undocumentedRoute(answer, where, apiPath);

    const listed = operation.responses[String(answer.status)];
    if (!listed) {
      const documented = Object.keys(operation.responses).filter((key) => key !== 'default');
      return [
        `${where}: status ${answer.status} is not in the document for ${operation.method} ` +
          `${operation.path} (it lists ${documented.join(', ')})`,
      ];
    }
    if (answer.text === undefined || method === 'HEAD') return [];
    const response = this.#resolve(listed);
    const content = response.content ?? {};
    if (Object.keys(content).length === 0) {
      return answer.text === '' ? [] : [`${where}: the document says no body, one came`];
    }
    const mediaType = mediaTypeOf(answer.contentType);
    const described = mediaType === undefined ? undefined : content[mediaType];
    if (!described) {
      return [`${where}: Content-Type ${answer.contentType} is not one the document lists`];
    }
    return this.#bodyProblems(answer, where, described.schema);
  }

  /**
   * A `/v1` path or method the document does not name: the catch-all's (or Node's) Error body; on
   * a path it names, 405 rather than 404, with `Allow` listing the path's methods (HEAD with GET).
   */
  #undocumentedRoute(answer: CheckedAnswer, where: string, apiPath: string): string[] {
    if (answer.status < 400) return [`${where}: a success on a route the document does not name`];
    const methods = this.#operations
      .filter((candidate) => candidate.matches.test(apiPath))
      .flatMap(({ method }) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
    const allow = [...new Set(methods)].join(', ');
    if (allow === '' && answer.status === 405) {
      return [`${where}: 405 on a path the document does not name (404 is for those)`];
    }
    // CONNECT asks for a tunnel, not a resource: Node hands it over before any route (404).
    if (allow !== '' && answer.status === 404 && answer.method.toUpperCase() !== 'CONNECT') {
      return [`${where}: 404 on a path the document names: expected 405 with Allow: ${allow}`];
    }
    if (answer.status === 405 && answer.allow !== undefined && answer.allow !== allow) {
      return [`${where}: Allow is ${JSON.stringify(answer.allow)}, the document says ${allow}`];
    }
    if (answer.text === undefined || answer.method.toUpperCase() === 'HEAD') return [];
    return this.#bodyProblems(answer, where, { $ref: '#/components/schemas/ErrorBody' });
  }

  #bodyProblems(answer: CheckedAnswer, where: string, schema: unknown): string[] {
    let body: unknown;
    try {
      body = JSON.parse(answer.text ?? '');
    } catch {
      return [`${where}: the body is not JSON: ${JSON.stringify(answer.text?.slice(0, 200))}`];
    }
    const validate = this.#validator(schema);
    if (!validate(body)) {
      const errors = this.#ajv.errorsText(validate.errors, { separator: '; ' });
      return [`${where}: the body does not match the document: ${errors}`];
    }
    // An Error body's status repeats the HTTP status, which no schema can say.
    const status = (body as { status?: unknown } | null)?.status;
    if (answer.status >= 400 && typeof status === 'string' && status !== String(answer.status)) {
      return [`${where}: the Error body says status ${status}`];
    }
    return [];
  }

  #resolve(response: ResponseObject): ResponseObject {
    const name = response.$ref?.replace('#/components/responses/', '');
    if (name === undefined) return response;
    const found = this.#document.components?.responses?.[name];
    if (!found) throw new Error(`The document has no response ${response.$ref}`);
    return found;
  }

  #validator(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = this.#ajv.compile(absoluteRefs(schema as object));
      this.#validators.set(key, validate);
    }
    return validate;
  }
}

// ---------------------------------------------------------------------------------------------
// The served document, once per test file

/**
 * Loaded from the first server a test file's helpers meet: every server in the suite serves the
 * same document (one build, only `servers` follows PUBLIC_URL), so one fetch serves the file, and
 * it happens when a server starts, not in the middle of a test watching requests or log lines.
 */
let conformance: Promise<OpenApiConformance> | undefined;

/** Forgets the document: each test file loads its own (setup.ts), even in a shared worker. */
export function forgetServedDocument(): void {
  conformance = undefined;
}

/** Loads the served document with `load`, unless one is loaded already. */
export function useServedDocument(load: () => Promise<unknown>): Promise<OpenApiConformance> {
  conformance ??= load().then(
    (document) => new OpenApiConformance(document),
    (error: unknown) => {
      conformance = undefined;
      throw error;
    },
  );
  return conformance;
}

/**
 * GET `<origin>/v1/openapi.json` on a connection of its own (no keep-alive pool): nothing of it
 * stays open to hold a server's graceful shutdown back.
 */
export function fetchServedDocument(origin: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = get(`${origin}/v1/openapi.json`, { agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        try {
          if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${text}`);
          resolve(JSON.parse(text));
        } catch (error) {
          reject(new Error(`No OpenAPI document at ${origin}/v1/openapi.json`, { cause: error }));
        }
      });
    });
    request.on('error', reject);
  });
}

/**
 * Problems seen since the last `takeProblems`, kept in case the test caught the error (a load
 * test might): setup.ts fails the test with them after it ends.
 */
const seen: string[] = [];

/** The problems seen so far, forgotten. */
export const takeProblems = (): string[] => seen.splice(0);

/** Fails (throws) when `answer` does not conform to the served document, loaded from `origin`. */
export async function expectConformingAnswer(origin: string, answer: CheckedAnswer): Promise<void> {
  const checks = await useServedDocument(() => fetchServedDocument(origin));
  const problems = checks.problems(answer);
  if (problems.length === 0) return;
  seen.push(...problems);
  throw new Error(`An answer the OpenAPI document does not allow:\n${problems.join('\n')}`);
}

/** The fetch before any wrapping: setup.ts runs again for each file in a shared worker. */
const unwrappedFetch = Symbol.for('turmas.unwrappedFetch');

/**
 * Replaces the global fetch with one that checks each answer against the served document before
 * returning it: the API tests' setup (setup.ts) installs it, so every fetch of theirs is checked,
 * the test server's helpers and a generated client included, without opting in.
 */
export function installConformingFetch(): void {
  const global = globalThis as typeof globalThis & { [unwrappedFetch]?: typeof fetch };
  const send = (global[unwrappedFetch] ??= globalThis.fetch);
  globalThis.fetch = async (input, init) => {
    // Not `new Request(input, init)`: it would take a streamed body for itself.
    const url = new URL(input instanceof Request ? input.url : input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const response = await send(input, init);
    await expectConformingAnswer(url.origin, {
      method,
      target: `${url.pathname}${url.search}`,
      status: response.status,
      contentType: response.headers.get('content-type') ?? undefined,
      text: await response.clone().text(),
      allow: response.headers.get('allow'),
    });
    return response;
  };
}
