import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import formatjs from 'eslint-plugin-formatjs';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];

// Every web component's words live in the localisation catalogues (web/lib/i18n/messages).
const migratedToCatalogues = ['web/**/*.tsx'];

// What web/ may import: server code as types only, and a feature through its public folders.
const webImports = [
  { group: ['**/server/**'], allowTypeImports: true, message: 'web/ imports server code as types only.' },
  {
    // strings: a feature's word catalogue (docs/decisions/242), read by the drawer and by other features.
    group: ['**/features/*/*', '!**/features/*/api', '!**/features/*/components', '!**/features/*/hooks', '!**/features/*/strings'],
    message: 'Import a feature through its public folders (api, components, hooks) or its strings catalogue only.',
  },
];
// The verbs that start a fetcher's name in a feature's api folder (docs/decisions/240).
const fetcherName =
  '^(add|award|change|check|confirm|copy|create|delete|download|duplicate|edit|extract|find|generate|get|import|join|list|move|open|paste|preview|remove|rename|reorder|report|request|resend|reset|restore|review|rotate|save|search|set|share|sign|start|stop|submit|take|update)[A-Z]';
const drivers = [
  {
    group: ['drizzle-orm/pglite*', 'drizzle-orm/node-postgres*', '@electric-sql/*', 'pg'],
    message: 'Only server/db opens database drivers.',
  },
];
// A regex, not a group: the group 'ai' would also match our own server/ai folder.
const aiProviders = { regex: '^(ai|@ai-sdk/.+)$', message: 'Only server/ai imports AI providers.' };
const noWeb = { group: ['**/web/**'], message: 'server/ never imports web/.' };
const noModule = {
  regex: '(^|/)modules(/|$)',
  message: 'server/core, lib, auth, db, ai and storage import no module; a module passes what they need in (see server/compose.ts).',
};
const frontDoor = "Another module is reached only through its front door (its index.ts): import '../<module>', not a file inside it.";
// Tests may reach inside the module they test and its neighbours' test helpers.
const testCode = ['**/*.test.ts', '**/*.test-helpers.ts', 'server/cli/test-kit.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.test-artifacts/**', 'server/db/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only server/config.ts reads the environment.' },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['server/config.ts', 'scripts/**', 'vite.config.ts', 'e2e/**', 'bench/**'], rules: { 'no-restricted-properties': 'off' } },
  // What may import what (docs/decisions/204-module-layers.md): contract imports nothing of ours; web never imports server code.
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**', '**/web/**'], message: 'contract/ imports nothing from server/ or web/.' },
      ]),
    },
  },
  {
    files: ['web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(webImports),
    },
  },
  // Components reach the server only through hooks: the fetchers live in each feature's api folder.
  {
    files: ['web/features/*/components/**', 'web/features/*/report/**', 'web/components/**', 'web/app/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...webImports,
        {
          group: ['**/lib/http'],
          importNames: ['apiRequest', 'apiFetch', 'patchVersioned'],
          message: 'Components call a hook from a feature api/ folder; the fetcher lives there.',
        },
        {
          // An api file names each fetcher for its call, verb first (getBot, downloadDocx); its hooks
          // (useX), query options (xQuery), keys and helpers are what a component may take.
          group: ['**/api', '**/api/*'],
          importNamePattern: fetcherName,
          allowTypeImports: true,
          message: "Components call the fetcher's hook (useX) from its api file, not the fetcher itself.",
        },
      ]),
    },
  },
  // No words outside the catalogues (docs/decisions/271-localisation-library.md): JSX text and the
  // props people read or hear come from `t(...)`.
  {
    files: migratedToCatalogues,
    ignores: ['**/*.test.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        {
          props: {
            include: [
              ['*', '{label,title,placeholder,helperText,alt,tooltip,primary,secondary,aria-label,aria-description,aria-valuetext}'],
            ],
          },
        },
      ],
    },
  },
  // What may import what inside server/ (docs/decisions/201-module-front-doors-and-lint.md).
  {
    files: ['server/**'],
    ignores: ['server/db/**', 'server/ai/**'],
    rules: { 'no-restricted-imports': restrict([...drivers, aiProviders, noWeb]) },
  },
  // server/ai is the one place that imports AI providers.
  { files: ['server/ai/**'], ignores: testCode, rules: { 'no-restricted-imports': restrict([...drivers, noWeb, noModule]) } },
  { files: ['server/db/**'], rules: { 'no-restricted-imports': restrict([noWeb, noModule]) } },
  {
    files: ['server/core/**', 'server/lib/**', 'server/auth/**', 'server/storage/**'],
    ignores: testCode,
    rules: { 'no-restricted-imports': restrict([...drivers, aiProviders, noWeb, noModule]) },
  },
  {
    files: ['server/*.ts', 'server/cli/**'],
    ignores: testCode,
    rules: { 'no-restricted-imports': restrict([...drivers, aiProviders, noWeb, { regex: '(^|/)modules/[^/]+/.+', message: frontDoor }]) },
  },
  {
    files: ['server/modules/**'],
    ignores: testCode,
    rules: {
      'no-restricted-imports': restrict([
        ...drivers,
        aiProviders,
        noWeb,
        { regex: '^\\.\\./[^./][^/]*/.+', message: frontDoor },
        { regex: '^(\\.\\./){2,}modules/', message: frontDoor },
      ]),
    },
  },
);
