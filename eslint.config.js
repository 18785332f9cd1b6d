import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The web reaches the server only through the contract's type (src/web/lib/api.ts). */
const webReachesServerOnlyThroughTheContract = {
  group: ['@server/*', '**/server/**', '!@server/routes/api-routes'],
  allowTypeImports: true,
  message:
    'The web reaches the server only through the contract: import type { ApiRoutes } from @server/routes/api-routes.',
};

/** Every dialog is the one wrapper (src/web/components/ui/modal-dialog.tsx). */
const dialogsThroughTheWrapper = {
  group: ['@radix-ui/react-dialog'],
  message:
    'Open dialogs with ModalDialog (and ConfirmDialog / DialogForm built on it) from components/ui.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/server/db/migrations',
      'bench/results',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': 'off',
    },
  },
  {
    // Shared code is used by both sides: it imports neither.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@web/*', '**/web/**', '@server/*', '**/server/**'] },
      ],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@web/*', '**/web/**'] }] },
  },
  {
    files: ['test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [webReachesServerOnlyThroughTheContract, dialogsThroughTheWrapper] },
      ],
    },
  },
  {
    // A feature uses another only through the shared bookings feature (decision 008) or the other
    // feature's query keys (its public face for invalidation, decision 018).
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            webReachesServerOnlyThroughTheContract,
            dialogsThroughTheWrapper,
            {
              group: [
                '@web/features/*/**',
                '!@web/features/bookings/**',
                '!@web/features/*/api/',
                '!@web/features/*/api/query-keys',
              ],
              message:
                'Features do not import each other: use the shared bookings feature, the other feature’s api/query-keys, or move generic UI to components/ui.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place a Radix dialog is opened.
    files: ['src/web/components/ui/modal-dialog.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [webReachesServerOnlyThroughTheContract] },
      ],
    },
  },
);
