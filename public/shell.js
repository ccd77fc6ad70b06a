// Before the first paint (a blocking file: the CSP forbids inline scripts): the colour scheme and
// language the app will use, the prerendered first screen for this visit (inert until hydrated),
// and with a stored token the list's first request (decision 005). Keys and rules: theme.ts,
// detect-locale.ts, token-store.ts (kept in step by src/app/shell-script.test.ts).
/* global window, document */
(function () {
  var root = document.documentElement;
  function stored(storage, key) {
    try {
      return window[storage].getItem(key);
    } catch {
      return null; // blocked storage: as if nothing were stored
    }
  }

  var scheme = stored('localStorage', 'turmas-admin.color-scheme');
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.setAttribute('data-mantine-color-scheme', scheme);

  var locale = stored('localStorage', 'turmas-admin.locale');
  if (locale !== 'pt-BR' && locale !== 'en') {
    locale = 'pt-BR';
    var languages =
      navigator.languages && navigator.languages.length > 0
        ? navigator.languages
        : [navigator.language];
    for (var i = 0; i < languages.length; i++) {
      var language = String(languages[i]).toLowerCase().split('-')[0];
      if (language === 'pt' || language === 'en') {
        locale = language === 'pt' ? 'pt-BR' : 'en';
        break;
      }
    }
  }
  root.lang = locale;

  var token =
    stored('sessionStorage', 'turmas-admin.token') || stored('localStorage', 'turmas-admin.token');
  if (token && !window.location.search) sendFirstListRequest(token);
  var template = document.getElementById('shell-' + (token ? 'list' : 'gate') + '-' + locale);
  var container = document.getElementById('root');
  // Prerendered for the address without parameters only.
  if (!template || !container || container.hasChildNodes() || window.location.search) return;
  container.appendChild(template.content.cloneNode(true));
  container.setAttribute('inert', '');

  // The list's first page, asked for once /config.js has run (decision 005).
  function sendFirstListRequest(token) {
    var config = document.querySelector('script[src="/config.js"]');
    if (!config || typeof window.fetch !== 'function') return;
    config.addEventListener('load', function () {
      var settings = window.__TURMAS_CONFIG__;
      if (!settings || typeof settings.apiBaseUrl !== 'string') return;
      var url = settings.apiBaseUrl.replace(/\/+$/, '') + '/classe?page=1&pageSize=20&sortBy=name';
      var response = window.fetch(url, {
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
        signal: AbortSignal.timeout
          ? AbortSignal.timeout(settings.requestTimeoutMs || 15000)
          : undefined,
      });
      response.catch(function () {});
      window.__TURMAS_FIRST_LIST__ = { url: url, token: token, response: response };
    });
  }
})();
