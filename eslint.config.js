// @ts-check
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import vitest from '@vitest/eslint-plugin';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import testingLibrary from 'eslint-plugin-testing-library';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Code shared by the console's features: it never imports a feature or the app composing them. */
const SHARED = ['./src/api', './src/components', './src/lib', './src/i18n', './src/testing'];

export default defineConfig([
  globalIgnores([
    'dist',
    'dist-*',
    'test-results-*',
    'coverage',
    'data',
    'playwright-report',
    'test-results',
    'public/config.js',
  ]),
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Numbers and other primitives in messages are what template literals are for.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // `() => setOpen(false)` returns nothing anyone reads: shorthand is the idiom, not a bug.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // noUncheckedIndexedAccess makes `list[index]!` after a bounds check the idiom.
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
      // The layers, in both directions: shared code never imports a feature or the app; a feature
      // never imports another feature or the app; the contract imports nothing of ours; the
      // reference server never imports the console.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: SHARED,
              from: ['./src/features', './src/app'],
              message: 'Shared code does not import features or src/app.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'Features do not import src/app.',
            },
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in src/app.',
            })),
            { target: './contract', from: ['./src', './server', './e2e'] },
            { target: './server', from: './src', message: 'The API never imports the console.' },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript files belong to no TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [
      reactHooks.configs.flat['recommended-latest'],
      reactRefresh.configs.vite,
      pluginQuery.configs['flat/recommended'],
      jsxA11y.flatConfigs.recommended,
    ],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The console must not leave debugging output behind; real errors go to the error boundary.
      'no-console': ['error', { allow: ['error'] }],
      // The API client is one per app, not part of what a query asks: an extension's call takes
      // it as an argument (src/api/extension-calls.ts), as `api.getClasses()` uses it.
      '@tanstack/query/exhaustive-deps': ['error', { allowlist: { variables: ['api'] } }],
      // A box that scrolls in place and holds nothing focusable is a labelled region the keyboard
      // reaches (axe: scrollable-region-focusable; src/lib/use-scrolls.ts).
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    // A function longer than a screenful or two is doing several jobs (issue 35): split it.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    extends: [vitest.configs.recommended],
    rules: {
      // `expect(value, 'what it is about')`: Vitest's message argument.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // Helpers that assert are named for it: expectApiError, expectRows, …
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*'] }],
    },
  },
  {
    files: ['src/**/*.test.tsx'],
    extends: [testingLibrary.configs['flat/react']],
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    files: ['e2e/**/*.ts'],
    extends: [playwright.configs['flat/recommended']],
    rules: {
      // It takes any `x.click()` whose `x` comes from a call for `page.click()`: our part helpers
      // (turmasPage(page).pagerButton(…)) return locators.
      'playwright/prefer-locator': 'off',
    },
  },
]);
