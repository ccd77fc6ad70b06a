// Builds a number and a date formatter while the app's code is still downloading, and throws them
// away. The first number formatter of a page costs 15–30 ms of ICU start-up and the first date
// formatter a few more, shared by every later one whatever its language (measured in Chromium: a
// pt-BR NumberFormat after an English one takes 0.2 ms instead of 15–20). Here that cost overlaps
// the download; in the app it held up the first render of the turmas list (decision 005).
// Nothing depends on it: without it the app pays the same cost itself.
(function () {
  try {
    new Intl.NumberFormat().format(1);
    new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' }).format(0);
  } catch {
    // No Intl, or a refused option: the app's own formatters report it.
  }
})();
