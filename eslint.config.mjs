import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Build output, generated bundles and what the tests write: not source.
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.massgen/**',
      '**/.turbo/**',
      '**/coverage/**',
      'apps/cli/web/**',
      'apps/cli/examples/**',
      'apps/cli/schema/**',
      'apps/web/test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  comments.recommended,
  {
    // A disable names one rule for one line and says why; one that no longer hides anything fails.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/no-use': ['error', { allow: ['eslint-disable-next-line'] }],
    },
  },
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        // One program for the Node packages: in a trial it found what a program per package found, in
        // less than half the time and memory. The web app keeps its own, for the browser's globals.
        project: ['./apps/web/tsconfig.json', './tsconfig.eslint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // An async method that meets a Promise-returning contract without awaiting keeps its throws
      // as rejections, which callers rely on.
      '@typescript-eslint/require-await': 'off',
      // Passing a caught reason on unchanged keeps what the caller knows about it.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // A leading underscore marks a name that must exist (a parameter position, a key taken out
      // of a rest spread) but is not read.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching, ...) are typed `any` by
    // design, and tests pass mocked methods to expect() unbound.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Examples are loaded from a user's project, where zod and @massgen/tool-utils resolve; here
    // they do not, so their types are unknown.
    files: ['**/*.{js,mjs,cjs}', 'examples/**'],
    ...tseslint.configs.disableTypeChecked,
  },
);
