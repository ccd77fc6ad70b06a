/**
 * What the reference server is known to say, in the staff's language: every text it sends in an
 * Error body (server/app.ts, server/cors.ts, server/http-server.ts, the store's errors, the
 * contract's validation messages, part by part). Off the first screen (decision 005): the
 * dialogs import it, and the I18nProvider loads it in the first idle moment; until then
 * describeApiError quotes what the server said.
 */
import { provideServerTexts } from './describe-api-error';
import type { Locale } from './messages';

const ptBR = {
  known: {
    noToken: 'Nenhum token de acesso foi enviado.',
    malformedToken: 'O token de acesso foi enviado num formato inválido.',
    invalidToken: 'O token de acesso não é válido ou expirou.',
    noClass: (ids: string, count: number): string =>
      count === 1
        ? `Turma não encontrada: ${ids} (pode ter sido excluída).`
        : `Turmas não encontradas: ${ids} (podem ter sido excluídas).`,
    noStudent: 'Nenhum aluno tem este e-mail.',
    noRoute: (route: string): string =>
      `O servidor não tem o endereço ${route}: confira o endereço da API (apiBaseUrl em config.js).`,
    bodyTooLarge: (kilobytes: string): string =>
      `Os dados enviados passam do limite do servidor (${kilobytes} KB).`,
    chunkExtensions:
      'A solicitação veio num formato que o servidor recusa (extensões de bloco grandes demais).',
    jsonOnly: 'O servidor só aceita dados em JSON.',
    headersTooLarge: 'Os cabeçalhos da solicitação são grandes demais.',
    requestTimedOut: 'A solicitação demorou demais para chegar ao servidor.',
    malformedRequest: 'O servidor não entendeu a solicitação (endereço ou cabeçalhos malformados).',
    originRefused: (origin: string): string =>
      `A API não aceita chamadas de ${origin}: falta incluí-lo em CORS_ORIGINS. Avise quem administra o sistema.`,
    unavailable: (reason: string): string => `Banco de dados indisponível: ${reason}.`,
    serverBusy: 'O servidor está ocupado com outras solicitações.',
    tooManyUploads: 'O servidor está recebendo dados demais ao mesmo tempo.',
    tooManyConnections: (max: string): string =>
      `Conexões demais vindas deste endereço: no máximo ${max} abertas ao mesmo tempo.`,
    tooManyAtOnce: (max: string): string =>
      `Solicitações demais ao mesmo tempo: cada cliente pode ter no máximo ${max} em andamento.`,
    tooManyFailedTokens:
      'Tentativas demais com um token inválido vindas deste endereço: aguarde antes de tentar de novo.',
    uncompressedOnly: 'O servidor só aceita dados enviados sem compressão.',
    methodNotAllowed: (method: string, path: string, allowed: string): string =>
      `O servidor não aceita ${method} em ${path}; aceita ${allowed}.`,
    readOnly:
      'Esta credencial só pode consultar: matricular, remover e desfazer pedem uma credencial de escrita.',
    noAuditEntry: 'Esta alteração não está mais no histórico do servidor.',
    noRun: 'Este lote não está mais no histórico do servidor.',
  },
  /** Why the database is unavailable (server/store/postgres-schema.ts `unavailableReason`). */
  databaseReasons: {
    unreachable: 'o servidor não consegue alcançá-lo',
    connectionFailed: 'a conexão com ele falhou',
    restarting: 'ele está reiniciando',
    noConnections: 'ele está sem conexões livres',
    outOfResources: 'ele está sem recursos',
    tooSlow: 'ele demorou demais para responder',
    credentialsRefused: 'ele recusou as credenciais do servidor',
    missing: 'ele não existe',
    busy: 'ele está ocupado',
    connectTimeout: 'a conexão com ele demorou demais',
    connectionLost: 'a conexão com ele caiu',
    locked: (seconds: string): string =>
      `outra conexão está escrevendo nele há ${seconds} s e ainda não terminou`,
  },
  /** "Field: problem." for each part of a 400 ("email: must be a valid e-mail address"). */
  issue: (field: string, problem: string): string => `${field}: ${problem}.`,
  fields: {
    body: 'Dados enviados',
    name: 'Nome',
    email: 'E-mail',
    emailAt: (position: number): string => `E-mail ${position}`,
    classes: 'Turmas',
    classAt: (position: number): string => `Turma ${position}`,
    classIdAt: (position: number): string => `Identificador da turma ${position}`,
    classId: 'Identificador da turma',
    expirationDate: 'Validade',
    page: 'Página',
    pageSize: 'Tamanho da página',
    sortBy: 'Ordenação',
    query: 'Busca',
  },
  issues: {
    required: 'campo obrigatório',
    text: 'precisa ser um texto',
    classObject: 'precisa estar no formato {"id": texto}',
    classList: 'precisam ser uma lista de turmas no formato {"id": texto}',
    empty: 'não pode ficar em branco',
    maxLength: (max: string): string => `pode ter no máximo ${max} caracteres`,
    email: 'não é um endereço de e-mail válido',
    controlCharacters: 'tem caracteres que não são aceitos, como tabulações ou quebras de linha',
    loneSurrogate: 'tem um caractere inválido (texto Unicode malformado)',
    bidiControls:
      'tem caracteres invisíveis que mudam a ordem em que o texto aparece (controles de direção do texto)',
    noLetterOrDigit: 'precisa ter ao menos uma letra ou um algarismo',
    noClass: 'informe ao menos uma turma',
    tooManyClasses: (max: string): string => `no máximo ${max} turmas por vez`,
    repeatedClass: 'a mesma turma aparece mais de uma vez',
    dateTime: 'não é uma data e hora válidas',
    range: (from: string, to: string): string => `precisa estar entre ${from} e ${to}`,
    jsonObject: 'precisam ser um objeto JSON',
    unknownFields: (fields: string, count: number): string =>
      count === 1 ? `campo desconhecido: ${fields}` : `campos desconhecidos: ${fields}`,
    integer: 'precisa ser um número inteiro',
    integerRange: (min: string, max: string): string =>
      `precisa ser um número inteiro de ${min} a ${max}`,
    singleText: 'precisa ser um único texto',
    tooManyWords: (max: string): string => `pode ter no máximo ${max} palavras`,
    oneOf: (values: string): string => `precisa ser um destes: ${values}`,
    noEmail: 'informe ao menos um e-mail',
    tooManyEmails: (max: string): string => `no máximo ${max} e-mails por vez`,
    cutOff: 'a solicitação terminou antes de os dados chegarem inteiros',
    notUtf8: 'precisam ser JSON em UTF-8',
    notJson: 'não são um JSON válido',
    tooDeep: (max: string): string => `têm mais de ${max} níveis de aninhamento`,
    tooManyValues: (max: string): string => `têm mais de ${max} valores`,
  },
};

type ServerTextWords = typeof ptBR;

const en: ServerTextWords = {
  known: {
    noToken: 'No access token was sent.',
    malformedToken: 'The access token was sent in an invalid format.',
    invalidToken: 'The access token is invalid or has expired.',
    noClass: (ids, count) =>
      count === 1
        ? `Class not found: ${ids} (it may have been deleted).`
        : `Classes not found: ${ids} (they may have been deleted).`,
    noStudent: 'No student has this e-mail.',
    noRoute: (route) =>
      `The server has no address ${route}: check the API’s address (apiBaseUrl in config.js).`,
    bodyTooLarge: (kilobytes) => `What was sent is over the server’s limit (${kilobytes} KB).`,
    chunkExtensions: 'The request came in a form the server refuses (chunk extensions too large).',
    jsonOnly: 'The server only accepts data as JSON.',
    headersTooLarge: 'The request’s headers are too large.',
    requestTimedOut: 'The request took too long to reach the server.',
    malformedRequest: 'The server could not read the request (malformed address or headers).',
    originRefused: (origin) =>
      `The API does not accept calls from ${origin}: CORS_ORIGINS must list it. Tell whoever runs the system.`,
    unavailable: (reason) => `Database unavailable: ${reason}.`,
    serverBusy: 'The server is busy with other requests.',
    tooManyUploads: 'The server is receiving too much data at once.',
    tooManyConnections: (max) =>
      `Too many connections from this address: at most ${max} open at once.`,
    tooManyAtOnce: (max) =>
      `Too many requests at once: each client may have at most ${max} in progress.`,
    tooManyFailedTokens:
      'Too many attempts with an invalid token from this address: wait before trying again.',
    uncompressedOnly: 'The server only accepts data sent uncompressed.',
    methodNotAllowed: (method, path, allowed) =>
      `The server does not accept ${method} on ${path}; it accepts ${allowed}.`,
    readOnly:
      'This credential can only read: enrolling, removing and undoing need a write credential.',
    noAuditEntry: 'This change is no longer in the server’s history.',
    noRun: 'This run is no longer in the server’s history.',
  },
  databaseReasons: {
    unreachable: 'the server cannot reach it',
    connectionFailed: 'the connection to it failed',
    restarting: 'it is restarting',
    noConnections: 'it has no free connections',
    outOfResources: 'it is out of resources',
    tooSlow: 'it took too long to answer',
    credentialsRefused: 'it refused the server’s credentials',
    missing: 'it does not exist',
    busy: 'it is busy',
    connectTimeout: 'connecting to it took too long',
    connectionLost: 'the connection to it was lost',
    locked: (seconds) => `another connection has been writing to it for ${seconds} s`,
  },
  issue: (field, problem) => `${field}: ${problem}.`,
  fields: {
    body: 'Request body',
    name: 'Name',
    email: 'E-mail',
    emailAt: (position) => `E-mail ${position}`,
    classes: 'Classes',
    classAt: (position) => `Class ${position}`,
    classIdAt: (position) => `Id of class ${position}`,
    classId: 'Class id',
    expirationDate: 'Expiry',
    page: 'Page',
    pageSize: 'Page size',
    sortBy: 'Sort order',
    query: 'Search',
  },
  issues: {
    required: 'required',
    text: 'must be text',
    classObject: 'must be given as {"id": text}',
    classList: 'must be a list of classes as {"id": text}',
    empty: 'must not be empty',
    maxLength: (max) => `can be at most ${max} characters long`,
    email: 'is not a valid e-mail address',
    controlCharacters: 'has characters that are not allowed, such as tabs or line breaks',
    loneSurrogate: 'holds an invalid character (malformed Unicode text)',
    bidiControls:
      'has invisible characters that change the order the text is shown in (text direction controls)',
    noLetterOrDigit: 'must have at least one letter or digit',
    noClass: 'name at least one class',
    tooManyClasses: (max) => `at most ${max} classes at a time`,
    repeatedClass: 'the same class appears more than once',
    dateTime: 'is not a valid date and time',
    range: (from, to) => `must be from ${from} to ${to}`,
    jsonObject: 'must be a JSON object',
    unknownFields: (fields, count) =>
      count === 1 ? `unknown field: ${fields}` : `unknown fields: ${fields}`,
    integer: 'must be a whole number',
    integerRange: (min, max) => `must be a whole number from ${min} to ${max}`,
    singleText: 'must be a single text',
    tooManyWords: (max) => `can have at most ${max} words`,
    oneOf: (values) => `must be one of ${values}`,
    noEmail: 'name at least one e-mail',
    tooManyEmails: (max) => `at most ${max} e-mails at a time`,
    cutOff: 'the request ended before all of it arrived',
    notUtf8: 'must be JSON encoded as UTF-8',
    notJson: 'is not valid JSON',
    tooDeep: (max) => `nested deeper than ${max} levels`,
    tooManyValues: (max) => `holds more than ${max} values`,
  },
};

const WORDS: Record<Locale, ServerTextWords> = { 'pt-BR': ptBR, en };

/**
 * What a server text means in `locale`: '' when it adds nothing to the status's sentence
 * ("Internal server error"), undefined when it is not a text the server is known to send.
 */
export function describeServerText(said: string, locale: Locale): string | undefined {
  const text = WORDS[locale];
  const trimmed = said.trim();
  if (trimmed === '') return '';
  for (const [pattern, word] of WHOLE_TEXTS) {
    const match = pattern.exec(trimmed);
    if (match) return word(text, match);
  }
  return describeValidation(trimmed, text);
}

/**
 * One problem of a validation message ("must be a valid e-mail address", the part after the
 * field's path) in `locale`; undefined when the contract does not word it so.
 */
export function describeServerProblem(problem: string, locale: Locale): string | undefined {
  return describeProblem(problem, WORDS[locale].issues);
}

type Wording<Texts> = (texts: Texts, match: RegExpExecArray) => string | undefined;

const group = (match: RegExpExecArray, index: number) => match[index] ?? '';

/** The texts of server/app.ts, server/cors.ts, server/http-server.ts and the store's errors. */
const WHOLE_TEXTS: [RegExp, Wording<ServerTextWords>][] = [
  [/^Missing bearer token\b/, (text) => text.known.noToken],
  [/^Malformed Authorization header\b/, (text) => text.known.malformedToken],
  [/^Invalid or expired token$/, (text) => text.known.invalidToken],
  [
    /^No class with id (.+)$/,
    (text, match) => text.known.noClass(group(match, 1), group(match, 1).split(', ').length),
  ],
  [/^Student not found$/, (text) => text.known.noStudent],
  [/^No route (\S+ \S+)$/, (text, match) => text.known.noRoute(group(match, 1))],
  [
    /^Request body must be at most (\d+) bytes$/,
    (text, match) => text.known.bodyTooLarge(String(Math.floor(Number(group(match, 1)) / 1024))),
  ],
  [/^Chunk extensions too large$/, (text) => text.known.chunkExtensions],
  [/^Content-Type must be application\/json$/, (text) => text.known.jsonOnly],
  [/^Request headers too large$/, (text) => text.known.headersTooLarge],
  [/^Request timed out\b/, (text) => text.known.requestTimedOut],
  [
    /^(Malformed HTTP request|Malformed request URL or Host header)$/,
    (text) => text.known.malformedRequest,
  ],
  [
    /^Origin (\S+) may not call this API: CORS_ORIGINS does not list it$/,
    (text, match) => text.known.originRefused(group(match, 1)),
  ],
  [
    /^Service unavailable: the server is busy\. Try again shortly\.$/,
    (text) => text.known.serverBusy,
  ],
  [
    /^Service unavailable: too many request bodies arriving at once\. Try again shortly\.$/,
    (text) => text.known.tooManyUploads,
  ],
  [
    /^Too many connections from this address: at most (\d+) open at once$/,
    (text, match) => text.known.tooManyConnections(group(match, 1)),
  ],
  [
    /^Too many requests at once: at most (\d+) in flight per client\. Try again shortly\.$/,
    (text, match) => text.known.tooManyAtOnce(group(match, 1)),
  ],
  [
    /^Too many failed authentications from this address\b/,
    (text) => text.known.tooManyFailedTokens,
  ],
  [/^Content-Encoding must be identity\b/, (text) => text.known.uncompressedOnly],
  [
    /^Method (\S+) not allowed on (\S+): use (.+)$/,
    (text, match) => text.known.methodNotAllowed(group(match, 1), group(match, 2), group(match, 3)),
  ],
  // server/credentials.ts READ_ONLY
  [/^This credential can only read: /, (text) => text.known.readOnly],
  // server/store/store.ts AuditEntryNotFoundError
  [/^No audit entry \S+$/, (text) => text.known.noAuditEntry],
  [/^No run \S+$/, (text) => text.known.noRun],
  [
    /^Service unavailable: (.+)\. Try again shortly\.$/,
    (text, match) => {
      const said = group(match, 1);
      const reason = DATABASE_REASONS[said];
      if (reason) return text.known.unavailable(text.databaseReasons[reason]);
      // server/store/sqlite-lock.ts
      const locked = /^another connection has held the database's write lock for (\S+) s$/.exec(
        said,
      );
      return locked
        ? text.known.unavailable(text.databaseReasons.locked(group(locked, 1)))
        : undefined;
    },
  ],
  [/^(Internal server error|Bad request)$/, () => ''],
];

/** server/store/postgres-schema.ts `unavailableReason`, word for word. */
const DATABASE_REASONS: Record<
  string,
  Exclude<keyof ServerTextWords['databaseReasons'], 'locked'>
> = {
  'cannot reach the database': 'unreachable',
  'the connection to the database failed': 'connectionFailed',
  'the database is restarting': 'restarting',
  'the database has no free connections': 'noConnections',
  'the database is out of resources': 'outOfResources',
  'the database took too long': 'tooSlow',
  'the database refused the credentials': 'credentialsRefused',
  'the database does not exist': 'missing',
  'the database is busy': 'busy',
  'timed out connecting': 'connectTimeout',
  'the connection to the database was lost': 'connectionLost',
};

/**
 * A 400 of the contract (`describeIssues`): "path: problem" parts joined by "; ". Known only when
 * every part is: a half-translated message would hide what the server said.
 */
function describeValidation(said: string, text: ServerTextWords): string | undefined {
  const sentences: string[] = [];
  for (const part of said.split('; ')) {
    const separator = part.indexOf(': ');
    if (separator <= 0) return undefined;
    const field = fieldName(part.slice(0, separator), text.fields);
    const problem = describeProblem(part.slice(separator + 2), text.issues);
    if (field === undefined || problem === undefined) return undefined;
    sentences.push(text.issue(field, problem));
  }
  return sentences.join(' ');
}

/** The request's fields as the contract's paths name them ("classes.0.id"). */
function fieldName(path: string, fields: ServerTextWords['fields']): string | undefined {
  const position = (index: string | undefined) => Number(index) + 1;
  const [head, index, tail, ...rest] = path.split('.');
  if (rest.length > 0) return undefined;
  const at = index !== undefined && /^\d+$/.test(index);
  if (index !== undefined && !at) return undefined;
  switch (head) {
    case 'classes':
      if (tail === 'id' && at) return fields.classIdAt(position(index));
      if (tail !== undefined) return undefined;
      return at ? fields.classAt(position(index)) : fields.classes;
    case 'email':
      if (tail !== undefined) return undefined;
      return at ? fields.emailAt(position(index)) : fields.email;
  }
  if (index !== undefined) return undefined;
  switch (head) {
    case 'body':
      return fields.body;
    case 'name':
      return fields.name;
    case 'id':
      return fields.classId;
    case 'expirationDate':
      return fields.expirationDate;
    case 'page':
      return fields.page;
    case 'pageSize':
      return fields.pageSize;
    case 'sortBy':
      return fields.sortBy;
    case 'query':
      return fields.query;
    default:
      return undefined;
  }
}

function describeProblem(problem: string, issues: ServerTextWords['issues']): string | undefined {
  for (const [pattern, word] of PROBLEMS) {
    const match = pattern.exec(problem);
    if (match) return word(issues, match);
  }
  return undefined;
}

/** contract/index.ts's messages, and those server/app.ts gives the body before it is parsed. */
const PROBLEMS: [RegExp, Wording<ServerTextWords['issues']>][] = [
  [/^is required$/, (issues) => issues.required],
  [/^must be a string$/, (issues) => issues.text],
  [/^must be an object \{"id": string\}$/, (issues) => issues.classObject],
  [/^must be a list of \{"id": string\}$/, (issues) => issues.classList],
  [/^must not be empty$/, (issues) => issues.empty],
  [/^must be at most (\d+) characters$/, (issues, match) => issues.maxLength(group(match, 1))],
  [/^must be a valid e-mail address$/, (issues) => issues.email],
  [/^must not contain control characters$/, (issues) => issues.controlCharacters],
  [/^must be Unicode text \(it holds a lone surrogate\)$/, (issues) => issues.loneSurrogate],
  [/^must not contain bidirectional controls \(U\+202A\b/, (issues) => issues.bidiControls],
  [/^must hold at least one letter or digit$/, (issues) => issues.noLetterOrDigit],
  [/^must name at least one turma$/, (issues) => issues.noClass],
  [/^must name at most (\d+) turmas$/, (issues, match) => issues.tooManyClasses(group(match, 1))],
  [/^must not repeat a turma id$/, (issues) => issues.repeatedClass],
  [/^must be an ISO 8601 date-time\b/, (issues) => issues.dateTime],
  [
    /^must be from (\S+) to (\S+)$/,
    (issues, match) => issues.range(group(match, 1), group(match, 2)),
  ],
  [/^must be a JSON object$/, (issues) => issues.jsonObject],
  [
    /^unknown fields? (.+)$/,
    (issues, match) => issues.unknownFields(group(match, 1), group(match, 1).split(', ').length),
  ],
  [/^must be an integer in plain decimal digits$/, (issues) => issues.integer],
  [
    /^must be an integer from (-?\d+) to (-?\d+)$/,
    (issues, match) => issues.integerRange(group(match, 1), group(match, 2)),
  ],
  [/^must be a single string$/, (issues) => issues.singleText],
  [/^must have at most (\d+) words$/, (issues, match) => issues.tooManyWords(group(match, 1))],
  [/^must be one of (.+)$/, (issues, match) => issues.oneOf(group(match, 1))],
  [/^must name at least one e-mail$/, (issues) => issues.noEmail],
  [/^must name at most (\d+) e-mails$/, (issues, match) => issues.tooManyEmails(group(match, 1))],
  [/^the request ended before its body did$/, (issues) => issues.cutOff],
  [/^must be JSON encoded as UTF-8$/, (issues) => issues.notUtf8],
  [/^must be valid JSON$/, (issues) => issues.notJson],
  [/^nested deeper than (\d+) levels$/, (issues, match) => issues.tooDeep(group(match, 1))],
  [/^holds more than (\d+) values$/, (issues, match) => issues.tooManyValues(group(match, 1))],
];

provideServerTexts(describeServerText);
