/**
 * What the printed roster writes in each page's margins (CSS page margin boxes, which Chromium
 * prints since version 131): the sheet's title at the top, so that a loose page 3 still says
 * whose students they are, and "Página 3 de 5" at the foot. A margin box takes its text from CSS
 * `content` alone, so the roster's messages come here as CSS; how they look is in
 * roster.module.css.
 */
export function pageMarginRules(
  title: string,
  pageOf: (page: string, pages: string) => string,
): string {
  return (
    `@page { @top-left { content: ${cssString(title)}; } ` +
    `@bottom-right { content: ${withPageCounters(pageOf)}; } }`
  );
}

/** Private-use characters, which no message holds: where the counters go in the words. */
const PAGE = '\u{F8FE}';
const PAGES = '\u{F8FF}';

/** "Página 3 de 5" as `content`: its words as CSS strings, the numbers as the printer's counters. */
function withPageCounters(pageOf: (page: string, pages: string) => string): string {
  return pageOf(PAGE, PAGES)
    .split(new RegExp(`(${PAGE}|${PAGES})`, 'u'))
    .filter((part) => part !== '')
    .map((part) =>
      part === PAGE ? 'counter(page)' : part === PAGES ? 'counter(pages)' : cssString(part),
    )
    .join(' ');
}

/**
 * `text` as a CSS string: a quote, a backslash or a control character (a line break) is written
 * as its escape, so that no turma's name can end the string or the rule around it.
 */
export function cssString(text: string): string {
  const escaped = text.replace(
    /["\\\p{Cc}]/gu,
    (character) => `\\${character.codePointAt(0)!.toString(16)} `,
  );
  return `"${escaped}"`;
}
