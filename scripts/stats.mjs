/**
 * What the benchmarks report, computed and printed one way: medians, percentiles and plain text
 * tables. Plain JavaScript because bench-bundle.mjs runs under `node` as it is; the TypeScript
 * benchmarks import it too, typed by stats.d.mts.
 */

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The nearest-rank percentile: the least value with `p` % of them at or below it; NaN for none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? NaN;
}

/**
 * A plain text table: each column as wide as its widest cell, two spaces apart, a rule under the
 * header and another above the footer's rows (when there are any), no trailing spaces.
 */
export function formatTable(
  header,
  body,
  { rightAligned = (column) => column > 0, rule = '─', footer = [] } = {},
) {
  const rows = [header, ...body, ...footer];
  const widths = header.map((_, column) =>
    Math.max(...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) =>
        rightAligned(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  const ruled = widths.map((width) => rule.repeat(width)).join('  ');
  const footerLines = footer.length > 0 ? [ruled, ...footer.map(line)] : [];
  return [line(header), ruled, ...body.map(line), ...footerLines].join('\n');
}
