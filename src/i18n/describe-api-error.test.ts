/**
 * What staff read when a call fails: a call to an API on another site that got no answer points
 * at the API's address or its CORS settings, not at their connection. What the server said is
 * never shown in English: each of its known texts has a sentence in each language, and a text it
 * has never been known to send is quoted under a sentence of ours.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { describeApiError, serverTextsLoaded } from './describe-api-error';
import { messagesByLocale } from './messages';
import { READ_ONLY } from '../../server/credentials';
import { AuditEntryNotFoundError } from '../../server/store/store';
// Loaded by the dialogs and in the first idle moment (describe-api-error.ts); here at once.
import './server-texts';

const crossOrigin = new ApiError('network', 'Could not reach the server: …', {
  crossOrigin: 'http://127.0.0.1:3922',
});

/** An answer of the API with its Error body, as the client builds it. */
const answered = (status: number, message: string) =>
  new ApiError('http', message, { status, body: { status: String(status), message } });

const inPortuguese = (error: unknown) => describeApiError(error, messagesByLocale['pt-BR']);
const inEnglish = (error: unknown) => describeApiError(error, messagesByLocale.en);

describe('describeApiError', () => {
  it('blames the API’s address or CORS for a call to another origin that got no answer', () => {
    expect(inPortuguese(crossOrigin)).toBe(
      'O navegador não conseguiu se comunicar com a API em http://127.0.0.1:3922, que fica em ' +
        'outro endereço. A causa provável é o endereço da API (apiBaseUrl em config.js) ou as ' +
        'configurações de CORS dela: avise quem administra o sistema.',
    );
    expect(inEnglish(crossOrigin)).toBe(
      'The browser could not reach the API at http://127.0.0.1:3922, which is on another site. ' +
        "The likely cause is the API's address (apiBaseUrl in config.js) or its CORS settings: " +
        'tell whoever runs the system.',
    );
  });

  it('ends with the request id the server answered, on a line of its own, in both languages', () => {
    const failed = new ApiError('http', 'email: must be a valid e-mail address', {
      status: 400,
      body: { status: '400', message: 'email: must be a valid e-mail address' },
      requestId: 'a1b2c3',
    });
    expect(describeApiError(failed, messagesByLocale['pt-BR'], 'Nada foi alterado.')).toBe(
      'O servidor recusou a solicitação (código 400). E-mail: não é um endereço de e-mail ' +
        'válido. Nada foi alterado.\nCódigo do pedido: a1b2c3',
    );
    expect(describeApiError(failed, messagesByLocale.en, 'Nothing was changed.')).toBe(
      'The server refused the request (code 400). E-mail: is not a valid e-mail address. ' +
        'Nothing was changed.\nRequest id: a1b2c3',
    );
    const noAnswer = new ApiError('timeout', 'timed out', { requestId: undefined });
    expect(inPortuguese(noAnswer)).not.toContain('\n');
    expect(inPortuguese(answered(500, 'Internal server error'))).not.toContain('pedido');
  });

  it('words a 429 (this client asks too much) apart from a 503 (no one is served now), with when it tries again', () => {
    const refused = (status: number, retryAfterMs?: number) =>
      new ApiError('http', `The server answered ${status}`, { status, retryAfterMs });

    expect(inPortuguese(refused(429, 1000))).toBe('Muitas solicitações; tentando de novo em 1 s.');
    expect(inEnglish(refused(429, 1000))).toBe('Too many requests; trying again in 1 s.');
    expect(inPortuguese(refused(503, 1500))).toBe(
      'Serviço ocupado ou indisponível (código 503); tentando de novo em 2 s.',
    );
    expect(inEnglish(refused(503, 2000))).toBe(
      'Service busy or unavailable (code 503); trying again in 2 s.',
    );
    // Without a Retry-After, the person is asked to try again; another 5xx is an error.
    expect(inPortuguese(refused(503))).toBe(
      'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes.',
    );
    expect(inPortuguese(refused(502))).toBe(
      'O servidor encontrou um erro (código 502). Tente novamente em instantes.',
    );
  });

  it('blames the connection when the API is on the page’s own origin, or the browser is offline', () => {
    const sameOrigin = new ApiError('network', 'Could not reach the server');

    expect(inPortuguese(sameOrigin)).toBe(
      'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    );
    expect(inEnglish(sameOrigin)).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });
});

/**
 * Every text the reference server sends in an Error body (server/app.ts, server/cors.ts,
 * server/http-server.ts, the store's errors, the contract's validation messages), with what each
 * language says for it.
 */
const KNOWN: [status: number, server: string, ptBR: string, en: string][] = [
  // A write with a `read` credential, and an undo of what the trail no longer holds.
  [
    403,
    READ_ONLY,
    'O servidor recusou a solicitação (código 403). Esta credencial só pode consultar: ' +
      'matricular, remover e desfazer pedem uma credencial de escrita.',
    'The server refused the request (code 403). This credential can only read: enrolling, ' +
      'removing and undoing need a write credential.',
  ],
  [
    404,
    new AuditEntryNotFoundError({ entryId: '00000000000000000123' }).message,
    'O servidor recusou a solicitação (código 404). Esta alteração não está mais no histórico do servidor.',
    'The server refused the request (code 404). This change is no longer in the server’s history.',
  ],
  [
    404,
    new AuditEntryNotFoundError({ runId: 'run-7f3a' }).message,
    'O servidor recusou a solicitação (código 404). Este lote não está mais no histórico do servidor.',
    'The server refused the request (code 404). This run is no longer in the server’s history.',
  ],
  // The token (bearerAuth in server/app.ts).
  [
    401,
    'Missing bearer token: send Authorization: Bearer <token>',
    'Nenhum token de acesso foi enviado. Entre novamente para continuar.',
    'No access token was sent. Sign in again to continue.',
  ],
  [
    401,
    'Malformed Authorization header: expected Bearer <token>',
    'O token de acesso foi enviado num formato inválido. Entre novamente para continuar.',
    'The access token was sent in an invalid format. Sign in again to continue.',
  ],
  [
    401,
    'Invalid or expired token',
    'O token de acesso não é válido ou expirou. Entre novamente para continuar.',
    'The access token is invalid or has expired. Sign in again to continue.',
  ],
  // The store's errors.
  [
    404,
    'No class with id t9',
    'O servidor recusou a solicitação (código 404). Turma não encontrada: t9 (pode ter sido excluída).',
    'The server refused the request (code 404). Class not found: t9 (it may have been deleted).',
  ],
  [
    404,
    'No class with id t9, t10',
    'O servidor recusou a solicitação (código 404). Turmas não encontradas: t9, t10 (podem ter sido excluídas).',
    'The server refused the request (code 404). Classes not found: t9, t10 (they may have been deleted).',
  ],
  [
    404,
    'Student not found',
    'O servidor recusou a solicitação (código 404). Nenhum aluno tem este e-mail.',
    'The server refused the request (code 404). No student has this e-mail.',
  ],
  [
    404,
    'No route GET /v1/turmas',
    'O servidor recusou a solicitação (código 404). O servidor não tem o endereço GET /v1/turmas: confira o endereço da API (apiBaseUrl em config.js).',
    'The server refused the request (code 404). The server has no address GET /v1/turmas: check the API’s address (apiBaseUrl in config.js).',
  ],
  [
    503,
    'Service unavailable: the database is restarting. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: ele está reiniciando.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: it is restarting.',
  ],
  [
    503,
    'Service unavailable: cannot reach the database. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: o servidor não consegue alcançá-lo.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: the server cannot reach it.',
  ],
  [
    503,
    'Service unavailable: the connection to the database failed. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: a conexão com ele falhou.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: the connection to it failed.',
  ],
  [
    503,
    'Service unavailable: the database has no free connections. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: ele está sem conexões livres.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: it has no free connections.',
  ],
  [
    503,
    'Service unavailable: the database is out of resources. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: ele está sem recursos.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: it is out of resources.',
  ],
  [
    503,
    'Service unavailable: the database took too long. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: ele demorou demais para responder.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: it took too long to answer.',
  ],
  [
    503,
    'Service unavailable: the database refused the credentials. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: ele recusou as credenciais do servidor.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: it refused the server’s credentials.',
  ],
  [
    503,
    'Service unavailable: the database does not exist. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: ele não existe.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: it does not exist.',
  ],
  [
    503,
    'Service unavailable: the database is busy. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: ele está ocupado.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: it is busy.',
  ],
  [
    503,
    'Service unavailable: timed out connecting. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: a conexão com ele demorou demais.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: connecting to it took too long.',
  ],
  [
    503,
    'Service unavailable: the connection to the database was lost. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: a conexão com ele caiu.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: the connection to it was lost.',
  ],
  // Admission control and the token guard (server/admission.ts, server/app.ts).
  [
    503,
    'Service unavailable: the server is busy. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. O servidor está ocupado com outras solicitações.',
    'Service busy or unavailable (code 503). Try again in a moment. The server is busy with other requests.',
  ],
  [
    429,
    'Too many requests at once: at most 8 in flight per client. Try again shortly.',
    'Muitas solicitações; tente de novo em instantes. Solicitações demais ao mesmo tempo: cada cliente pode ter no máximo 8 em andamento.',
    'Too many requests; try again in a moment. Too many requests at once: each client may have at most 8 in progress.',
  ],
  [
    429,
    'Too many failed authentications from this address. Try again later.',
    'Muitas solicitações; tente de novo em instantes. Tentativas demais com um token inválido vindas deste endereço: aguarde antes de tentar de novo.',
    'Too many requests; try again in a moment. Too many attempts with an invalid token from this address: wait before trying again.',
  ],
  [
    415,
    'Content-Encoding must be identity: send the body uncompressed',
    'O servidor recusou a solicitação (código 415). O servidor só aceita dados enviados sem compressão.',
    'The server refused the request (code 415). The server only accepts data sent uncompressed.',
  ],
  [
    405,
    'Method PUT not allowed on /v1/classe/add-student: use POST',
    'O servidor recusou a solicitação (código 405). O servidor não aceita PUT em /v1/classe/add-student; aceita POST.',
    'The server refused the request (code 405). The server does not accept PUT on /v1/classe/add-student; it accepts POST.',
  ],
  [
    503,
    'Service unavailable: too many request bodies arriving at once. Try again shortly.',
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. O servidor está recebendo dados demais ao mesmo tempo.',
    'Service busy or unavailable (code 503). Try again in a moment. The server is receiving too much data at once.',
  ],
  [
    429,
    'Too many connections from this address: at most 64 open at once',
    'Muitas solicitações; tente de novo em instantes. Conexões demais vindas deste endereço: no máximo 64 abertas ao mesmo tempo.',
    'Too many requests; try again in a moment. Too many connections from this address: at most 64 open at once.',
  ],
  [
    503,
    "Service unavailable: another connection has held the database's write lock for 5 s. Try again shortly.",
    'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Banco de dados indisponível: outra conexão está escrevendo nele há 5 s e ainda não terminou.',
    'Service busy or unavailable (code 503). Try again in a moment. Database unavailable: another connection has been writing to it for 5 s.',
  ],
  [
    500,
    'Internal server error',
    'O servidor encontrou um erro (código 500). Tente novamente em instantes.',
    'The server hit an error (code 500). Try again in a moment.',
  ],
  // The request as a whole (server/app.ts, server/http-server.ts, server/cors.ts).
  [
    413,
    'Request body must be at most 65536 bytes',
    'O servidor recusou a solicitação (código 413). Os dados enviados passam do limite do servidor (64 KB).',
    'The server refused the request (code 413). What was sent is over the server’s limit (64 KB).',
  ],
  [
    413,
    'Chunk extensions too large',
    'O servidor recusou a solicitação (código 413). A solicitação veio num formato que o servidor recusa (extensões de bloco grandes demais).',
    'The server refused the request (code 413). The request came in a form the server refuses (chunk extensions too large).',
  ],
  [
    415,
    'Content-Type must be application/json',
    'O servidor recusou a solicitação (código 415). O servidor só aceita dados em JSON.',
    'The server refused the request (code 415). The server only accepts data as JSON.',
  ],
  [
    431,
    'Request headers too large',
    'O servidor recusou a solicitação (código 431). Os cabeçalhos da solicitação são grandes demais.',
    'The server refused the request (code 431). The request’s headers are too large.',
  ],
  [
    408,
    'Request timed out: its headers must arrive within 10 s and all of it within 30 s',
    'O servidor recusou a solicitação (código 408). A solicitação demorou demais para chegar ao servidor.',
    'The server refused the request (code 408). The request took too long to reach the server.',
  ],
  [
    400,
    'Malformed HTTP request',
    'O servidor recusou a solicitação (código 400). O servidor não entendeu a solicitação (endereço ou cabeçalhos malformados).',
    'The server refused the request (code 400). The server could not read the request (malformed address or headers).',
  ],
  [
    400,
    'Malformed request URL or Host header',
    'O servidor recusou a solicitação (código 400). O servidor não entendeu a solicitação (endereço ou cabeçalhos malformados).',
    'The server refused the request (code 400). The server could not read the request (malformed address or headers).',
  ],
  [
    403,
    'Origin https://console.escola.br may not call this API: CORS_ORIGINS does not list it',
    'O servidor recusou a solicitação (código 403). A API não aceita chamadas de https://console.escola.br: falta incluí-lo em CORS_ORIGINS. Avise quem administra o sistema.',
    'The server refused the request (code 403). The API does not accept calls from https://console.escola.br: CORS_ORIGINS must list it. Tell whoever runs the system.',
  ],
  [
    400,
    'Bad request',
    'O servidor recusou a solicitação (código 400).',
    'The server refused the request (code 400).',
  ],
  // The body, before it is validated (server/app.ts).
  [
    400,
    'body: the request ended before its body did',
    'O servidor recusou a solicitação (código 400). Dados enviados: a solicitação terminou antes de os dados chegarem inteiros.',
    'The server refused the request (code 400). Request body: the request ended before all of it arrived.',
  ],
  [
    400,
    'body: must be JSON encoded as UTF-8',
    'O servidor recusou a solicitação (código 400). Dados enviados: precisam ser JSON em UTF-8.',
    'The server refused the request (code 400). Request body: must be JSON encoded as UTF-8.',
  ],
  [
    400,
    'body: must be valid JSON',
    'O servidor recusou a solicitação (código 400). Dados enviados: não são um JSON válido.',
    'The server refused the request (code 400). Request body: is not valid JSON.',
  ],
  [
    400,
    'body: nested deeper than 64 levels',
    'O servidor recusou a solicitação (código 400). Dados enviados: têm mais de 64 níveis de aninhamento.',
    'The server refused the request (code 400). Request body: nested deeper than 64 levels.',
  ],
  [
    400,
    'body: holds more than 10000 values',
    'O servidor recusou a solicitação (código 400). Dados enviados: têm mais de 10000 valores.',
    'The server refused the request (code 400). Request body: holds more than 10000 values.',
  ],
  [
    400,
    'body: must be a JSON object',
    'O servidor recusou a solicitação (código 400). Dados enviados: precisam ser um objeto JSON.',
    'The server refused the request (code 400). Request body: must be a JSON object.',
  ],
  [
    400,
    'body: unknown field expirationdate',
    'O servidor recusou a solicitação (código 400). Dados enviados: campo desconhecido: expirationdate.',
    'The server refused the request (code 400). Request body: unknown field: expirationdate.',
  ],
  [
    400,
    'body: unknown fields turma, validade',
    'O servidor recusou a solicitação (código 400). Dados enviados: campos desconhecidos: turma, validade.',
    'The server refused the request (code 400). Request body: unknown fields: turma, validade.',
  ],
  // The contract's validation messages, each a "path: problem" part.
  [
    400,
    'name: is required',
    'O servidor recusou a solicitação (código 400). Nome: campo obrigatório.',
    'The server refused the request (code 400). Name: required.',
  ],
  [
    400,
    'name: must be a string',
    'O servidor recusou a solicitação (código 400). Nome: precisa ser um texto.',
    'The server refused the request (code 400). Name: must be text.',
  ],
  [
    400,
    'name: must not be empty',
    'O servidor recusou a solicitação (código 400). Nome: não pode ficar em branco.',
    'The server refused the request (code 400). Name: must not be empty.',
  ],
  [
    400,
    'name: must be at most 200 characters',
    'O servidor recusou a solicitação (código 400). Nome: pode ter no máximo 200 caracteres.',
    'The server refused the request (code 400). Name: can be at most 200 characters long.',
  ],
  [
    400,
    'name: must not contain control characters',
    'O servidor recusou a solicitação (código 400). Nome: tem caracteres que não são aceitos, como tabulações ou quebras de linha.',
    'The server refused the request (code 400). Name: has characters that are not allowed, such as tabs or line breaks.',
  ],
  [
    400,
    'name: must be Unicode text (it holds a lone surrogate)',
    'O servidor recusou a solicitação (código 400). Nome: tem um caractere inválido (texto Unicode malformado).',
    'The server refused the request (code 400). Name: holds an invalid character (malformed Unicode text).',
  ],
  [
    400,
    'name: must not contain bidirectional controls (U+202A to U+202E, U+2066 to U+2069)',
    'O servidor recusou a solicitação (código 400). Nome: tem caracteres invisíveis que mudam a ordem em que o texto aparece (controles de direção do texto).',
    'The server refused the request (code 400). Name: has invisible characters that change the order the text is shown in (text direction controls).',
  ],
  [
    400,
    'name: must hold at least one letter or digit',
    'O servidor recusou a solicitação (código 400). Nome: precisa ter ao menos uma letra ou um algarismo.',
    'The server refused the request (code 400). Name: must have at least one letter or digit.',
  ],
  [
    400,
    'email: must be a valid e-mail address',
    'O servidor recusou a solicitação (código 400). E-mail: não é um endereço de e-mail válido.',
    'The server refused the request (code 400). E-mail: is not a valid e-mail address.',
  ],
  [
    400,
    'email: must be at most 254 characters',
    'O servidor recusou a solicitação (código 400). E-mail: pode ter no máximo 254 caracteres.',
    'The server refused the request (code 400). E-mail: can be at most 254 characters long.',
  ],
  [
    400,
    'classes: must be a list of {"id": string}',
    'O servidor recusou a solicitação (código 400). Turmas: precisam ser uma lista de turmas no formato {"id": texto}.',
    'The server refused the request (code 400). Classes: must be a list of classes as {"id": text}.',
  ],
  [
    400,
    'classes: must name at least one turma',
    'O servidor recusou a solicitação (código 400). Turmas: informe ao menos uma turma.',
    'The server refused the request (code 400). Classes: name at least one class.',
  ],
  [
    400,
    'classes: must name at most 100 turmas',
    'O servidor recusou a solicitação (código 400). Turmas: no máximo 100 turmas por vez.',
    'The server refused the request (code 400). Classes: at most 100 classes at a time.',
  ],
  [
    400,
    'classes: must not repeat a turma id',
    'O servidor recusou a solicitação (código 400). Turmas: a mesma turma aparece mais de uma vez.',
    'The server refused the request (code 400). Classes: the same class appears more than once.',
  ],
  [
    400,
    'classes.1: must be an object {"id": string}',
    'O servidor recusou a solicitação (código 400). Turma 2: precisa estar no formato {"id": texto}.',
    'The server refused the request (code 400). Class 2: must be given as {"id": text}.',
  ],
  [
    400,
    'classes.0.id: must not be empty; classes.2.id: must be at most 100 characters',
    'O servidor recusou a solicitação (código 400). Identificador da turma 1: não pode ficar em branco. Identificador da turma 3: pode ter no máximo 100 caracteres.',
    'The server refused the request (code 400). Id of class 1: must not be empty. Id of class 3: can be at most 100 characters long.',
  ],
  [
    400,
    'id: must be at most 100 characters',
    'O servidor recusou a solicitação (código 400). Identificador da turma: pode ter no máximo 100 caracteres.',
    'The server refused the request (code 400). Class id: can be at most 100 characters long.',
  ],
  [
    400,
    'expirationDate: must be an ISO 8601 date-time with an offset or Z, e.g. 2026-12-31T23:59:59Z',
    'O servidor recusou a solicitação (código 400). Validade: não é uma data e hora válidas.',
    'The server refused the request (code 400). Expiry: is not a valid date and time.',
  ],
  [
    400,
    'expirationDate: must be from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z',
    'O servidor recusou a solicitação (código 400). Validade: precisa estar entre 1970-01-01T00:00:00Z e 9999-12-31T23:59:59Z.',
    'The server refused the request (code 400). Expiry: must be from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z.',
  ],
  [
    400,
    'page: must be an integer in plain decimal digits',
    'O servidor recusou a solicitação (código 400). Página: precisa ser um número inteiro.',
    'The server refused the request (code 400). Page: must be a whole number.',
  ],
  [
    400,
    'pageSize: must be an integer from 1 to 100',
    'O servidor recusou a solicitação (código 400). Tamanho da página: precisa ser um número inteiro de 1 a 100.',
    'The server refused the request (code 400). Page size: must be a whole number from 1 to 100.',
  ],
  [
    400,
    'sortBy: must be one of name, -name, createdAt',
    'O servidor recusou a solicitação (código 400). Ordenação: precisa ser um destes: name, -name, createdAt.',
    'The server refused the request (code 400). Sort order: must be one of name, -name, createdAt.',
  ],
  [
    400,
    'query: must be a single string',
    'O servidor recusou a solicitação (código 400). Busca: precisa ser um único texto.',
    'The server refused the request (code 400). Search: must be a single text.',
  ],
  [
    400,
    'query: must have at most 8 words',
    'O servidor recusou a solicitação (código 400). Busca: pode ter no máximo 8 palavras.',
    'The server refused the request (code 400). Search: can have at most 8 words.',
  ],
  [
    400,
    'query: must be at most 200 characters',
    'O servidor recusou a solicitação (código 400). Busca: pode ter no máximo 200 caracteres.',
    'The server refused the request (code 400). Search: can be at most 200 characters long.',
  ],
  [
    400,
    'email: must name at least one e-mail',
    'O servidor recusou a solicitação (código 400). E-mail: informe ao menos um e-mail.',
    'The server refused the request (code 400). E-mail: name at least one e-mail.',
  ],
  [
    400,
    'email: must name at most 100 e-mails',
    'O servidor recusou a solicitação (código 400). E-mail: no máximo 100 e-mails por vez.',
    'The server refused the request (code 400). E-mail: at most 100 e-mails at a time.',
  ],
  [
    400,
    'email.3: must be a valid e-mail address',
    'O servidor recusou a solicitação (código 400). E-mail 4: não é um endereço de e-mail válido.',
    'The server refused the request (code 400). E-mail 4: is not a valid e-mail address.',
  ],
];

describe('describeApiError: what the server said, in the staff’s language', () => {
  it('has the server’s texts once server-texts.ts is loaded', () => {
    expect(serverTextsLoaded()).toBe(true);
  });

  it.each(KNOWN)('%i “%s”', (status, server, ptBR, en) => {
    expect(inPortuguese(answered(status, server))).toBe(ptBR);
    expect(inEnglish(answered(status, server))).toBe(en);
  });

  it('quotes a text it does not know under a sentence of its own', () => {
    expect(inPortuguese(answered(422, 'Enrolment window closed'))).toBe(
      'O servidor recusou a solicitação (código 422). Resposta do servidor: “Enrolment window closed”',
    );
    expect(inEnglish(answered(422, 'Enrolment window closed'))).toBe(
      'The server refused the request (code 422). The server said: “Enrolment window closed”',
    );
    // A 503 whose reason is new: the sentence, and the server's words.
    expect(inPortuguese(answered(503, 'maintenance'))).toBe(
      'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes. Resposta do servidor: “maintenance”',
    );
    // One unknown part of a validation message: the whole message is quoted, not half-translated.
    expect(inEnglish(answered(400, 'email: must be a valid e-mail; nome: is required'))).toBe(
      'The server refused the request (code 400). The server said: “email: must be a valid e-mail; nome: is required”',
    );
  });

  it('says when the server asks to wait, with its words if they are new', () => {
    expect(inPortuguese(answered(429, 'Too many failed attempts'))).toBe(
      'Muitas solicitações; tente de novo em instantes. Resposta do servidor: “Too many failed attempts”',
    );
    expect(
      inEnglish(
        new ApiError('http', 'The server answered 429 with an empty body', { status: 429 }),
      ),
    ).toBe('Too many requests; try again in a moment.');
  });

  it('keeps a long unknown text short, and never shows a page that is not an Error body', () => {
    const long = 'x'.repeat(500);
    const quoted = inEnglish(answered(418, long));
    expect(quoted).toBe(
      `The server refused the request (code 418). The server said: “${'x'.repeat(199)}…”`,
    );
    // A proxy's HTML page: the client keeps no body, and nothing of it is shown.
    expect(
      inPortuguese(
        new ApiError('http', 'The server answered 502 with a non-JSON body', { status: 502 }),
      ),
    ).toBe('O servidor encontrou um erro (código 502). Tente novamente em instantes.');
  });

  it('a 401 without a known text still says the session expired', () => {
    expect(inPortuguese(new ApiError('http', 'x', { status: 401 }))).toBe(
      'Sua sessão expirou. Entre novamente para continuar.',
    );
  });
});
