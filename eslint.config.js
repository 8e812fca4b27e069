// One lint setup for the whole tree: type-aware TypeScript rules, React hooks rules for the UI.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { sliceBoundaries } from './apps/server/lint/sliceBoundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/drizzle/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '**/.turbo/**',
      'bench/out/**',
      // Outside the workspace: type-checked by its own tsc against the packed SDK (scripts/example-nightly.mjs).
      'examples/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: 'No focused tests.',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Amounts are shown one way (spec §5: separators, two decimals, '-¥5.00'): formatMoney or MoneyText.
    files: ['apps/backoffice/src/**/*.{ts,tsx}'],
    ignores: ['apps/backoffice/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: 'No focused tests.',
        },
        {
          selector: 'TemplateElement[value.raw=/¥$/]',
          message:
            "Show an amount with formatMoney({ cents } | { yuan }) or <MoneyText> (spec §5), not '¥' + a number.",
        },
      ],
    },
  },
  {
    // process.env is read only in the server's config module (and tooling scripts/tests).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.ts.' },
      ],
    },
  },
  {
    // A slice reaches another only through its public face (docs/developing.md "Slice boundaries").
    files: ['apps/server/src/slices/**/*.ts'],
    plugins: { local: { rules: { 'slice-boundaries': sliceBoundaries } } },
    rules: { 'local/slice-boundaries': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
