import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];

// What web/ may import: server code as types only, and a feature through its public folders.
const webImports = [
  { group: ['**/server/**'], allowTypeImports: true, message: 'web/ imports server code as types only.' },
  {
    // strings: a feature's word catalogue (docs/decisions/242), read by the drawer and by other features.
    group: ['**/features/*/*', '!**/features/*/api', '!**/features/*/components', '!**/features/*/hooks', '!**/features/*/strings'],
    message: 'Import a feature through its public folders (api, components, hooks) or its strings catalogue only.',
  },
];

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
  // What may import what (STYLE.md): contract imports nothing of ours; web never imports server code.
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
      ]),
    },
  },
  {
    files: ['server/**'],
    ignores: ['server/db/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['drizzle-orm/pglite*', 'drizzle-orm/node-postgres*', '@electric-sql/*', 'pg'],
          message: 'Only server/db opens database drivers.',
        },
        // A regex, not a group: the group 'ai' would also match our own server/ai folder.
        { regex: '^(ai|@ai-sdk/.+)$', message: 'Only server/ai imports AI providers.' },
        { group: ['**/web/**'], message: 'server/ never imports web/.' },
      ]),
    },
  },
  // server/ai is the one place that imports AI providers.
  {
    files: ['server/ai/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['drizzle-orm/pglite*', 'drizzle-orm/node-postgres*', '@electric-sql/*', 'pg'],
          message: 'Only server/db opens database drivers.',
        },
        { group: ['**/web/**'], message: 'server/ never imports web/.' },
      ]),
    },
  },
);
