// Runs before the first paint (a blocking script at the end of <body>; a file, because the
// production Content-Security-Policy, script-src 'self', forbids inline scripts):
// - the colour scheme the app will use, so people in dark mode see no white flash (what Mantine's
//   <ColorSchemeScript> does);
// - the language, as the app will choose it;
// - the console's first screen for this visit, prerendered at build time (index.html's
//   <template>s): the sign-in gate, or for a stored token the turmas page before its rows. Inert
//   until the app hydrates it (src/main.tsx);
// - with a stored token, the first page's request, and its rows painted when they come before
//   the app has rendered its own (docs/decisions/005-first-screen-weight.md).
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

  // The app's entry module, preloaded by index.html and started here (see the end).
  var app = document.currentScript && document.currentScript.getAttribute('data-app');

  // The tab's own token wins over one remembered on this device; its role is kept beside it.
  var tokenStorage = stored('sessionStorage', 'turmas-admin.token')
    ? 'sessionStorage'
    : 'localStorage';
  var token = stored(tokenStorage, 'turmas-admin.token');
  // A token the server said may only read: no write control on its first screen (CSS hides the
  // prerendered ones; the painted rows leave them out).
  var readOnly = Boolean(token) && stored(tokenStorage, 'turmas-admin.role') === 'read';
  if (readOnly) root.setAttribute('data-credential-role', 'read');
  var template = document.getElementById('shell-' + (token ? 'list' : 'gate') + '-' + locale);
  var container = document.getElementById('root');
  // Prerendered for the address without parameters: a reload of a search or of page 3 renders
  // something else first, so it waits for the app as before.
  if (template && container && !container.hasChildNodes() && !window.location.search) {
    container.appendChild(template.content.cloneNode(true));
    // Painted, not yet working: nothing takes focus or clicks until the app has hydrated it.
    container.setAttribute('inert', '');
  }
  var firstRows;
  try {
    if (token && !window.location.search) firstRows = sendFirstListRequest(token);
  } catch {
    // A /config.js the app will say is broken (its error boundary): the app starts all the same.
  }

  // The app's code is evaluated in one long task (65 ms at full speed, ~250 ms at 4x CPU). When
  // the first page's answer is about to come, it waits up to APP_WAIT_MS for the rows to be
  // painted first, rather than the rows waiting for all of it (decision 005). It arrives later
  // than the answer on a slow link, so it waits only where everything is quick.
  var APP_WAIT_MS = 50;
  var started = false;
  var start = function () {
    if (started || !app) return;
    started = true;
    import(app);
  };
  if (firstRows) {
    firstRows.then(start);
    setTimeout(start, APP_WAIT_MS);
  } else start();

  // The list's first page, asked for now, before the app's code has arrived (decision 005):
  // /config.js runs just before this file. The app takes the same answer
  // (src/app/first-list-request.ts).
  function sendFirstListRequest(token) {
    var settings = window.__TURMAS_CONFIG__;
    if (!settings || typeof settings.apiBaseUrl !== 'string') return undefined;
    var url = settings.apiBaseUrl.replace(/\/+$/, '') + '/classe?page=1&pageSize=20&sortBy=name';
    var response = window.fetch(url, {
      headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      signal: AbortSignal.timeout(settings.requestTimeoutMs || 15000),
    });
    // Read from a copy, taken before the app reads the answer itself. Settles once the rows are
    // on screen (the frame after them has gone out), or once it is clear they will not be.
    var painted = response
      .then(function (answer) {
        if (!answer.ok) return;
        var offered = answer.headers.get('Api-Extensions');
        return answer
          .clone()
          .json()
          .then(function (page) {
            if (!paintFirstRows(page, offered)) return;
            return new Promise(function (resolve) {
              window.requestAnimationFrame(function () {
                setTimeout(resolve, 0);
              });
            });
          });
      })
      .catch(function () {}); // the app meets the failure, and says what it is
    window.__TURMAS_FIRST_LIST__ = { url: url, token: token, response: response };
    return painted;
  }

  // The first page's rows, painted from the prerendered row (index.html's shell-row templates)
  // into the place the prerendered page keeps for them, if the app has not rendered its own yet.
  // Anything unexpected paints nothing: the app's rows come as before.
  function paintFirstRows(page, offered) {
    var place = document.querySelector('#root tbody[data-first-rows]');
    var roster = (offered || '').split(',').some(function (name) {
      return name.trim().toLowerCase() === 'roster';
    });
    var row = document.getElementById('shell-row-' + (roster ? 'roster-' : '') + locale);
    var options = document.getElementById('shell-formats');
    var rows = page && page.data;
    if (!place || place.hasChildNodes() || !row || !options || !Array.isArray(rows)) return false;
    for (var i = 0; i < rows.length; i++) if (!drawable(rows[i])) return false;
    var given = JSON.parse(options.content.textContent);
    var formats = {
      number: new Intl.NumberFormat(locale, given.number),
      dateTime: new Intl.DateTimeFormat(locale, given.dateTime),
      fullDateTime: new Intl.DateTimeFormat(locale, given.fullDateTime),
    };
    var painted = document.createDocumentFragment();
    rows.forEach(function (turma) {
      var fill = function (text) {
        return text.replace(/\uE000(\w+)\|(\w+)\uE001/g, function (_, name, format) {
          var value = turma[name];
          if (format === 'text') return String(value);
          return formats[format].format(format === 'number' ? value : new Date(value));
        });
      };
      var copy = row.content.firstElementChild.cloneNode(true);
      var writes = readOnly ? copy.querySelectorAll('[data-write]') : [];
      for (var w = 0; w < writes.length; w++) writes[w].remove();
      var walker = document.createTreeWalker(copy, 5); // elements and text
      for (var node = copy; node; node = walker.nextNode()) {
        if (node.nodeType === 3) node.data = fill(node.data);
        else
          for (var a = 0; a < node.attributes.length; a++) {
            node.attributes[a].value = fill(node.attributes[a].value);
          }
      }
      painted.appendChild(copy);
    });
    place.appendChild(painted);
    return rows.length > 0;
  }

  // As the contract has a row, with a name the list shows as it is (an empty one is labelled).
  function drawable(turma) {
    return (
      turma !== null &&
      typeof turma === 'object' &&
      typeof turma.id === 'string' &&
      typeof turma.name === 'string' &&
      turma.name.trim() !== '' &&
      typeof turma.countStudents === 'number' &&
      !isNaN(Date.parse(turma.createdAt)) &&
      !isNaN(Date.parse(turma.updatedAt))
    );
  }
})();
