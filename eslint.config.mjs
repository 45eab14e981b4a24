// House rules: Next's recommended rules (with Core Web Vitals), typescript-eslint's recommended
// rules, and the project's own: the admin SDK stays in server-only infrastructure.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypeScript from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

export default defineConfig([
  ...nextVitals,
  ...nextTypeScript,
  ...tseslint.configs.recommended,
  globalIgnores(['.next/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'public/**', '.data/**', 'next-env.d.ts']),
  {
    rules: {
      // Names starting with an underscore are deliberately unused (rest siblings, ignored params).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Playwright fixtures call `use()`, which is no React hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // firebase-admin trusts whatever it is given and holds the service account: only the server's
    // infrastructure (ports and adapters under src/server/) may import it. Features use the ports.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^firebase-admin(/.*)?$',
              message: 'Import firebase-admin only under src/server/ (ports and adapters); feature code takes a port.',
            },
            {
              regex: '^@/server/firebase/admin$',
              message: 'The admin app is for the server’s adapters; feature code takes a port (accounts, documents, files, push).',
            },
          ],
        },
      ],
    },
  },
]);
