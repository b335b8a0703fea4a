// `make lint` (part of `make test`): typescript-eslint with type information for the rules that
// catch what this server gets wrong most easily (a promise nobody awaits, a promise where a
// callback's result is ignored, a value never used), plus the architecture's rule on module-level
// state (lint/no-module-state.js). Formatting is Prettier's (.prettierrc.json), import
// boundaries dependency-cruiser's (.dependency-cruiser.cjs).
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import noModuleState from './lint/no-module-state.js';

/** Module-level state the architecture allows, each with the reason it is not per-process state. */
const MODULE_STATE_EXCEPTIONS = [
  // Compiled SQL, a pure function of its key (the key is checked against the SQL in tests:
  // src/db/prepared.ts); sharing it between services in one process shares nothing observable.
  { class: 'PreparedQuery' },
  // Memoised derivations keyed by the object they derive from: garbage-collected with it.
  { file: 'src/lib/secrets.ts', name: 'KEY_OBJECTS' },
  { file: 'src/domain/shared/site.ts', name: 'HANDLES' },
  { file: 'src/domain/installations/access.ts', name: 'batchers' },
  { file: 'src/portal/auth.ts', name: 'verifiedBySecret' },
  // undici loaded on first use (its import costs 30 ms at boot for processes that never send).
  { file: 'src/domain/webhooks/delivery/http-client.ts', name: 'undici' },
  // The process's count of password hashes (scrypt) running: it guards this process's own libuv
  // pool and memory, which every service in the process shares whatever its deps.
  { file: 'src/lib/passwords.ts', name: 'hashesRunning' },
  // The batch loaders of one portal request, keyed by that request's context object.
  { file: 'src/portal/resolvers/webhooks.ts', name: 'requestBatches' },
  { file: 'src/portal/resolvers/webhook-endpoints.ts', name: 'requestStatistics' },
  // The browser's own page: one router per tab.
  { file: 'src/dashboard/client/router.tsx', name: 'listeners' },
];

export default tseslint.config(
  {
    ignores: [
      'src/generated/**',
      'dist/**',
      '.sdk/**',
      '.tools/**',
      '.data/**',
      'node_modules/**',
      'bench/results/**',
      'examples/hey-api/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { svc: { rules: { 'no-module-state': noModuleState } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-unused-expressions': 'error',
      // import() types stay allowed: they name a module loaded lazily (undici) without loading it.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'svc/no-module-state': [
        'error',
        { caches: ['PreparedQuery'], exceptions: MODULE_STATE_EXCEPTIONS },
      ],
    },
  },
  prettier,
);
