import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

type Scheme = 'light' | 'dark';
type Rgba = readonly [number, number, number, number];

/** The CSS variables of one scheme as the console's stylesheet sets them (Mantine's, then ours). */
function variablesOf(scheme: Scheme): ReadonlyMap<string, string> {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const mantine = defaultCssVariablesResolver(merged);
  const ours = cssVariablesResolver(merged);
  return new Map(
    Object.entries({
      ...mantine.variables,
      ...mantine[scheme],
      ...ours.variables,
      ...ours[scheme],
    }),
  );
}

function colorOf(variables: ReadonlyMap<string, string>, name: string): Rgba {
  const value = variables.get(name);
  if (value === undefined) throw new Error(`${name} is not set`);
  const reference = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (reference) return colorOf(variables, reference[1]!);
  // #rgb as #rrggbb.
  const long = value.trim().replace(/^#([\da-f])([\da-f])([\da-f])$/i, '#$1$1$2$2$3$3');
  const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(long);
  if (hex) {
    const [, red, green, blue] = hex;
    return [parseInt(red!, 16), parseInt(green!, 16), parseInt(blue!, 16), 1];
  }
  const rgba = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value.trim());
  if (rgba) {
    const [, red, green, blue, alpha = '1'] = rgba;
    return [Number(red), Number(green), Number(blue), Number(alpha)];
  }
  throw new Error(`${name}: ${value} is no colour this test reads`);
}

/** `top` drawn over the opaque `bottom`. */
function over([red, green, blue, alpha]: Rgba, bottom: Rgba): Rgba {
  const mix = (channel: number, under: number) => channel * alpha + under * (1 - alpha);
  return [mix(red, bottom[0]), mix(green, bottom[1]), mix(blue, bottom[2]), 1];
}

/** WCAG 2's relative luminance and contrast ratio. */
function luminance([red, green, blue]: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

function contrast(first: Rgba, second: Rgba): number {
  const [darker, lighter] = [luminance(first), luminance(second)].sort((a, b) => a - b);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe.each(['light', 'dark'] as const)('the %s scheme', (scheme) => {
  it('draws a yellow alert’s title ("Sua sessão expirou", offline) at least 4.5:1', () => {
    const variables = variablesOf(scheme);
    const body = colorOf(variables, '--mantine-color-body');
    // Alert's light variant: its background is the colour's "light", its title the "light color".
    const background = over(colorOf(variables, '--mantine-color-yellow-light'), body);
    const title = over(colorOf(variables, '--mantine-color-yellow-light-color'), background);

    expect(contrast(title, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('draws a hovered subtle or light button ("Só este lote") at least 4.5:1', () => {
    const variables = variablesOf(scheme);
    const body = colorOf(variables, '--mantine-color-body');
    for (const state of ['--mantine-color-blue-light', '--mantine-color-blue-light-hover']) {
      const background = over(colorOf(variables, state), body);
      const text = over(colorOf(variables, '--mantine-color-blue-light-color'), background);
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
