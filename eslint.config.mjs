// House rules: Next's recommended rules (with Core Web Vitals), typescript-eslint's recommended
// rules, and the project's own: the admin SDK stays in server-only infrastructure.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypeScript from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

// One way to read languages. useLocale() and getLocale() already give a Locale
// (src/i18n/types.ts) and any other string is narrowed by a check, so a cast would only hide a
// language the site does not speak; a text in both languages is read by localized().
const ONE_WAY_TO_READ_LANGUAGES = [
  {
    selector: "LogicalExpression[left.computed=true][left.property.name='locale'][right.property.name='en']",
    message: 'Read a text in both languages with localized(text, locale) from @/i18n/routing.',
  },
  {
    selector: "TSAsExpression[typeAnnotation.typeName.name='Locale'], TSAsExpression > TSUnionType TSLiteralType > Literal[value='en']",
    message: 'Do not cast to a locale: useLocale()/getLocale() are typed already; check other values with isLocale() or toLocale() from @/i18n/routing.',
  },
];

// One alert (issue 49): an error, a warning, a success or a note is ui/feedback/Alert.tsx (or its
// FeedbackAlert), which gives it a sign, its kind in words for screen readers and the right live
// region. The global alert classes written by hand in a className give none of that.
const ALERT_CLASS = '/(^|\\s)alert(\\s|$|--|__)/';
const ONE_ALERT = [
  {
    selector: `JSXAttribute[name.name='className'] Literal[value=${ALERT_CLASS}], JSXAttribute[name.name='className'] TemplateElement[value.raw=${ALERT_CLASS}]`,
    message: 'Show a message with <Alert> or <FeedbackAlert> from @/ui/feedback/Alert, not with the alert classes by hand.',
  },
];

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
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_WAY_TO_READ_LANGUAGES] },
  },
  {
    // A later entry for the same rule replaces its options: the components get both lists.
    files: ['src/**/*.tsx'],
    ignores: ['src/ui/feedback/**'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_WAY_TO_READ_LANGUAGES, ...ONE_ALERT] },
  },
  {
    // The server logs through src/server/log.ts (one JSON line per event, as Cloud Logging reads
    // it, with nobody's data): a console line would be unstructured and unredacted. Browser code
    // (client/, ui/, .tsx) and tests may still use the console.
    files: ['src/**/*.ts'],
    ignores: ['src/**/client/**', 'src/**/ui/**', 'src/**/*.test.ts', 'src/server/testing/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // A feature's constants are what its client components share with the server. Browsers load
    // the file, so it imports nothing: zod or a node: module in it would weigh on every page that
    // shows a limit, and break the page's CSP (decision 027).
    files: ['src/features/*/constants.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '.*', message: 'A feature’s constants.ts imports nothing: it is bundled for the browser.' }] }],
    },
  },
]);
