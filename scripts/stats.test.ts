import { describe, expect, it } from 'vitest';
import { formatTable, median, percentile } from './stats.mjs';

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('percentile', () => {
  it('is the nearest rank, in any input order', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect([percentile(values, 50), percentile(values, 90), percentile(values, 99)]).toEqual([
      50, 90, 99,
    ]);
    expect(percentile([5, 1, 3], 50)).toBe(3);
    expect(percentile([7], 99)).toBe(7);
  });

  it('is NaN for no values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('formatTable', () => {
  it('aligns a label and figures under a rule, totals under another', () => {
    const table = formatTable(
      ['first screen', 'raw KB', 'gzip KB'],
      [
        ['assets/index.js', '120.4', '38.0'],
        ['config.js', '0.3', '0.2'],
      ],
      { footer: [['total JS', '120.7', '38.2']] },
    );
    expect(table.split('\n')).toEqual([
      'first screen     raw KB  gzip KB',
      '───────────────  ──────  ───────',
      'assets/index.js   120.4     38.0',
      'config.js           0.3      0.2',
      '───────────────  ──────  ───────',
      'total JS          120.7     38.2',
    ]);
  });

  it('aligns the columns asked on the right, with the rule asked, and no trailing spaces', () => {
    const table = formatTable(
      ['measure', 'median', 'target', ''],
      [
        ['list', '12.5 ms', '≤ 100 ms', '✓'],
        ['a longer measure', '3.0 ms', '', ''],
      ],
      { rightAligned: (column) => column === 1, rule: '-' },
    );
    expect(table.split('\n')).toEqual([
      'measure            median  target',
      '----------------  -------  --------  -',
      'list              12.5 ms  ≤ 100 ms  ✓',
      'a longer measure   3.0 ms',
    ]);
  });
});
