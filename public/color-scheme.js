// Paints the first frame in the scheme the app will use (light or dark), so people in dark mode
// see no white flash while the app loads. It does what Mantine's <ColorSchemeScript> does, but
// as a file: the production Content-Security-Policy (script-src 'self') forbids inline scripts.
// The storage key and the "auto" default must match src/app/providers.tsx and src/app/theme.ts.
/* global window, document */
(function () {
  try {
    var stored = window.localStorage.getItem('turmas-admin.color-scheme');
    var scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // Blocked storage: Mantine sets the attribute itself once the app starts.
  }
})();
