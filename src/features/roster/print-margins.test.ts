import { describe, expect, it } from 'vitest';
import { cssString, pageMarginRules } from './print-margins';

describe('the printed roster’s page margins', () => {
  it('puts the title on top and the page’s number, in the person’s words, at the foot', () => {
    expect(
      pageMarginRules('Alunos de 8º ano A', (page, pages) => `Página ${page} de ${pages}`),
    ).toBe(
      '@page { @top-left { content: "Alunos de 8º ano A"; } ' +
        '@bottom-right { content: "Página " counter(page) " de " counter(pages); } }',
    );
    expect(pageMarginRules('Students of 8A', (page, pages) => `${page}/${pages}`)).toContain(
      '@bottom-right { content: counter(page) "/" counter(pages); }',
    );
  });

  it('keeps any turma’s name inside its string: quotes, backslashes and line breaks escaped', () => {
    expect(cssString('a"b\\c\nd\u0000')).toBe('"a\\22 b\\5c c\\a d\\0 "');
    const hostile = cssString('x"; } body { display: none } @page { @top-left { content: "');
    // One string: no quote but its own two, and nothing after the closing one.
    expect(hostile.slice(1, -1)).not.toMatch(/["\n]/);
    expect(hostile).toMatch(/^".*"$/s);
  });
});
