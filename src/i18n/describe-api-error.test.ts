/**
 * What staff read when a call fails: a call to an API on another site that got no answer points
 * at the API's address or its CORS settings, not at their connection.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { describeApiError } from './describe-api-error';
import { messagesByLocale } from './messages';

const crossOrigin = new ApiError('network', 'Could not reach the server: …', {
  crossOrigin: 'http://127.0.0.1:3922',
});

describe('describeApiError', () => {
  it('blames the API’s address or CORS for a call to another origin that got no answer', () => {
    expect(describeApiError(crossOrigin, messagesByLocale['pt-BR'])).toBe(
      'O navegador não conseguiu se comunicar com a API em http://127.0.0.1:3922, que fica em ' +
        'outro endereço. A causa provável é o endereço da API (apiBaseUrl em config.js) ou as ' +
        'configurações de CORS dela: avise quem administra o sistema.',
    );
    expect(describeApiError(crossOrigin, messagesByLocale.en)).toBe(
      'The browser could not reach the API at http://127.0.0.1:3922, which is on another site. ' +
        "The likely cause is the API's address (apiBaseUrl in config.js) or its CORS settings: " +
        'tell whoever runs the system.',
    );
  });

  it('blames the connection when the API is on the page’s own origin, or the browser is offline', () => {
    const sameOrigin = new ApiError('network', 'Could not reach the server');

    expect(describeApiError(sameOrigin, messagesByLocale['pt-BR'])).toBe(
      'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    );
    expect(describeApiError(sameOrigin, messagesByLocale.en)).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });
});
