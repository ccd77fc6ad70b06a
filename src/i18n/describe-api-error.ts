import { ApiError } from '../api/client';
import type { Messages } from './messages';

/**
 * What to tell staff about a failed request, in their language. The API's own messages are
 * English and written for developers, so they are not shown; the status code is, for support.
 */
export function describeApiError(error: unknown, messages: Messages): string {
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
      if (error.isUnauthorized) return text.unauthorized;
      return status >= 500 ? text.server(status) : text.rejected(status);
    }
  }
}
