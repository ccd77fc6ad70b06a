// Runs before the first paint (a blocking script at the end of <body>; a file, because the
// production Content-Security-Policy, script-src 'self', forbids inline scripts):
// - the colour scheme the app will use, so people in dark mode see no white flash (what Mantine's
//   <ColorSchemeScript> does);
// - the language, as the app will choose it;
// - the console's first screen for this visit, prerendered at build time (index.html's
//   <template>s): the sign-in gate, or for a stored token the turmas page before its rows. Only
//   whether a token is stored is read; the token itself stays where it is. Inert until the app
//   hydrates it (src/main.tsx).
// Storage keys and rules: src/app/theme.ts, src/i18n/detect-locale.ts,
// src/features/auth/token-store.ts (src/app/shell-script.test.ts keeps them in step).
/* global window, document */
(function () {
  var root = document.documentElement;
  function stored(storage, key) {
    try {
      return window[storage].getItem(key);
    } catch {
      return null; // blocked storage: as the app does, as if nothing were stored
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
  var template = document.getElementById('shell-' + (token ? 'list' : 'gate') + '-' + locale);
  var container = document.getElementById('root');
  // Prerendered for the address without parameters: a reload of a search or of page 3 renders
  // something else first, so it waits for the app as before.
  if (!template || !container || container.hasChildNodes() || window.location.search) return;
  container.appendChild(template.content.cloneNode(true));
  // Painted, not yet working: nothing takes focus or clicks until the app has hydrated it.
  container.setAttribute('inert', '');
})();
