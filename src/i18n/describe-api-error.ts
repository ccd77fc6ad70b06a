import { ApiError, retryAfterOf } from '../api/client';
import { DEFAULT_LOCALE, LOCALES, messagesByLocale, type Locale, type Messages } from './messages';

/**
 * What to tell staff about a failed request, in their language: a sentence of ours for what
 * happened (with the status code, for support), then what the server said, then `then` (the
 * caller's own sentence, such as "nothing changed"). Last, on a line of its own, the answer's
 * request id, which staff quote to support: never inside a sentence, so it copies clean.
 */
export function describeApiError(error: unknown, messages: Messages, then?: string): string {
  const described = describeFailure(error, messages);
  const told = then === undefined ? described : `${described} ${then}`;
  const id = error instanceof ApiError ? error.requestId : undefined;
  return id === undefined ? told : `${told}\n${messages.apiErrors.requestId(id)}`;
}

/**
 * The API speaks English; each text it is known to send has its sentence in server-texts.ts. A
 * text it is not known to send is quoted as it came, under ours, never passed off as ours.
 */
function describeFailure(error: unknown, messages: Messages): string {
  const text = messages.apiErrors;
  if (!(error instanceof ApiError)) return text.unexpected;
  switch (error.kind) {
    case 'network':
      return error.crossOrigin === undefined ? text.network : text.crossOrigin(error.crossOrigin);
    case 'timeout':
      return text.timeout;
    case 'contract':
      return text.contract;
    case 'aborted':
      return text.unexpected;
    case 'http': {
      const status = error.status ?? 0;
      // Only an Error body is kept by the client: a proxy's HTML page never reaches here.
      const said = error.body?.message ?? '';
      const detail = describeServerSaid(said, messages);
      // "Invalid or expired token" says more than "your session expired".
      if (error.isUnauthorized && detail !== '' && isKnown(said, messages)) {
        return `${detail} ${text.signInAgain}`;
      }
      // A 429 and a 503 say different things (one client asks too much; the server cannot
      // answer anyone now) and, with Retry-After, when the console tries again (retryPolicy).
      const retryIn = retrySecondsOf(error);
      const sentence = error.isUnauthorized
        ? text.unauthorized
        : status === 429
          ? text.tooManyRequests(retryIn)
          : status === 503
            ? text.busyOrUnavailable(retryIn)
            : status >= 500
              ? text.server(status)
              : text.rejected(status);
      return detail === '' ? sentence : `${sentence} ${detail}`;
    }
  }
}

/** In whole seconds, at least one, when the console will send the request again, if it said. */
function retrySecondsOf(error: ApiError): number | undefined {
  const ms = retryAfterOf(error);
  return ms === undefined ? undefined : Math.max(1, Math.ceil(ms / 1000));
}

/**
 * What the server said (an Error body's message), in the staff's language when it is a known
 * text, else quoted; '' when it says nothing the status does not ("Internal server error").
 */
export function describeServerSaid(said: string, messages: Messages): string {
  return (
    describeServerText?.(said, localeOf(messages)) ??
    messages.apiErrors.serverSaid(quotable(said.trim()))
  );
}

type DescribeServerText = (said: string, locale: Locale) => string | undefined;

/** server-texts.ts, once loaded: its words are off the first screen (decision 005). */
let describeServerText: DescribeServerText | undefined;

export function provideServerTexts(describe: DescribeServerText): void {
  describeServerText = describe;
}

/** Whether the server's known texts can be told in the staff's language yet. */
export function serverTextsLoaded(): boolean {
  return describeServerText !== undefined;
}

export const loadServerTexts = () => import('./server-texts');

function isKnown(said: string, messages: Messages): boolean {
  return describeServerText?.(said, localeOf(messages)) !== undefined;
}

/** Each language's messages are one object (messages.ts): which language these are. */
function localeOf(messages: Messages): Locale {
  return LOCALES.find((locale) => messagesByLocale[locale] === messages) ?? DEFAULT_LOCALE;
}

/** The longest server text quoted whole: past it, its start. */
const QUOTED_MAX = 200;

function quotable(said: string): string {
  return said.length <= QUOTED_MAX ? said : `${said.slice(0, QUOTED_MAX - 1)}…`;
}
