/**
 * CSV files for people to open in a spreadsheet (Excel first): UTF-8 with a BOM, CRLF line ends,
 * and guarded against CSV formula injection, since cells often hold what someone typed.
 */
import Papa from 'papaparse';

/**
 * A cell starting with any of these is read as a formula by Excel or LibreOffice. No `$` anchor
 * and no `.*`: papaparse's own default, /^[=+\-@\t\r].*$/, fails on a cell with a line break
 * after its first character (`.` stops at the break, `$` is not multi-line), so
 * '=HYPERLINK(...)\nx' would go out live. Beyond the usual list, as defence in depth: the same
 * characters after leading white space (a spreadsheet that trims cells on import, as LibreOffice
 * can be set to, would then see the formula) and their full-width forms (＝＋－＠), which
 * software that folds full-width text to ASCII would read as the same.
 *
 * The guard is one `'` before the cell, and a cell that already starts with `'` before one of
 * them gets one more: so `unguardCell` can take exactly one off whenever it finds one there, and
 * gets back every value as it was, including one that did start with `'=`.
 */
const FORMULA_START = /^'*(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;

/**
 * A cell of a file `toCsv` wrote, as it was before the formula guard: what the console reads
 * back (a roster's export as a bulk list) must be what it wrote out, an address starting with
 * `-` or `+` included. Only the one `'` the guard adds is taken off, and only where the guard
 * would have put it. Spreadsheets keep a typed `'` out of the cell's value (it only marks text),
 * so one in a file before `=`, `+`, `-` or `@` is this guard or another program's like it.
 */
export function unguardCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** Excel only reads a CSV as UTF-8 (accents and all) when it starts with a byte order mark. */
const BOM = '\uFEFF';

/**
 * The header and rows as CSV text: cells quoted only where needed, CRLF line ends, and a cell
 * that could run as a formula prefixed with `'` (so '-' at the start of a value is too).
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  delimiter: ',' | ';' | '\t',
): string {
  // papaparse only reads its input; its types just do not say so.
  const data = [header, ...rows] as string[][];
  return BOM + Papa.unparse(data, { delimiter, newline: '\r\n', escapeFormulae: FORMULA_START });
}

/** How long the object URL outlives the click: some browsers read it after the click returns. */
const REVOKE_AFTER_MS = 40_000;

/** Has the browser save `csv` as `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // Older Firefox only follows a click on a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
