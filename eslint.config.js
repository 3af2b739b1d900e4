import process from 'node:process';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'e2e/artifacts/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // One function fits a screen or two: a longer one is split into named parts (docs/decisions.md, "Server layers").
    // A warning from 120 lines (issue 37), not an error: it says which function to split next without failing a build.
    // CI (scripts/test-all.ts, which allows no warning) sets LINT_LONG_FUNCTIONS and fails only past 150, as before.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.spec.{ts,tsx}'],
    rules: {
      'max-lines-per-function': process.env.LINT_LONG_FUNCTIONS
        ? ['error', { max: 150, skipBlankLines: false, skipComments: false }]
        : ['warn', { max: 120, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // CommonJS configuration files (dependency-cruiser's).
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // Repositories run on the transaction their caller owns (the route builder, an action, a seed): they take a `Tx` and
    // never open one, so a unit of work is never split or nested (docs/decisions.md, "Repositories take the caller's transaction").
    files: ['src/server/repos/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
          message: 'A repository never opens a transaction: take `tx: Tx` and let the caller own the unit of work.',
        },
      ],
    },
  },
  {
    // Plain Node scripts (run without a TypeScript loader).
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
);
