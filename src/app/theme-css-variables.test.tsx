import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { themeCssVariables } from './theme-css-variables';

it('builds the stylesheet MantineProvider would render for the theme, so the provider can skip it', () => {
  render(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />);
  // eslint-disable-next-line testing-library/no-node-access -- a <style> element has no role to find it by
  const rendered = document.querySelector('style[data-mantine-styles]')?.textContent;

  expect(rendered).toBeTruthy();
  expect(themeCssVariables()).toBe(rendered);
});

it('keeps the colours chosen for contrast (theme.ts) in the built stylesheet', () => {
  const css = themeCssVariables();

  expect(css).toContain('--mantine-color-anchor: var(--mantine-color-blue-8);');
  expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7);');
  expect(css).toContain('--mantine-color-error: var(--mantine-color-red-4);');
});
