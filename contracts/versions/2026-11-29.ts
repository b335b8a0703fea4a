import type { ValueMigration } from '../../src/domain/api-versions/index.js';

// The value migrations of 2026-11-29.yaml. Node loads this file as it is (type stripping), and the
// build type-strips a copy for the compiled service, so it holds only erasable TypeScript: type
// imports and plain functions.

/**
 * A number sent at an older version, forward as the decimal string it was written as: the
 * shortest text that reads back as the same number (`16.5` -> `"16.5"`), so the service sees the
 * digits the plugin sent and rounds nothing. Anything else passes unchanged.
 */
export const numberToDecimalString: ValueMigration = (value) =>
  typeof value === 'number' ? String(value) : value;

/** A decimal string back as a JSON number, for an older version's documents (examples). */
export const decimalStringToNumber: ValueMigration = (value) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
