export function median(values: readonly number[]): number;

export function percentile(values: readonly number[], p: number): number;

export interface TableOptions {
  /** Columns whose cells line up on the right (figures); default every column but the first. */
  rightAligned?: (column: number) => boolean;
  /** The character the rules are drawn with; default `─`. */
  rule?: string;
  /** Rows below a second rule, such as totals. */
  footer?: readonly (readonly string[])[];
}

export function formatTable(
  header: readonly string[],
  body: readonly (readonly string[])[],
  options?: TableOptions,
): string;
