// Builds a number and a date formatter while the app's code is still downloading, and throws them
// away. The first formatter of a page pays for ICU's start-up, once for every later one whatever
// its language. Here that cost overlaps the download; in the app it held up the first render of
// the turmas list (docs/decisions/005-first-screen-weight.md).
// Nothing depends on it: without it the app pays the same cost itself.
(function () {
  try {
    new Intl.NumberFormat().format(1);
    new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' }).format(0);
  } catch {
    // No Intl, or a refused option: the app's own formatters report it.
  }
})();
