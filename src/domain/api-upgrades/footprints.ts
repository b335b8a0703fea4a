import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  changeFootprints,
  deriveVersions,
  readRecords,
  type ChangeFootprint,
} from '../api-versions/index.js';

/** The repository's root, where openapi.yaml and contracts/ are (from src/ and from dist/ alike). */
const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The footprints of every change record, read and derived on first use and kept by the caller
 * (the portal, for its process): deriving every version from head takes a few hundred
 * milliseconds, which only the first upgrade report pays.
 */
export function footprintSource(root = ROOT): () => readonly ChangeFootprint[] {
  let footprints: readonly ChangeFootprint[] | undefined;
  return () => (footprints ??= readFootprints(root));
}

function readFootprints(root: string): ChangeFootprint[] {
  const records = readRecords(root);
  if (!records.length) return [];
  const head = {
    openapi: parse(readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as object,
    asyncapi: parse(readFileSync(path.join(root, 'asyncapi.yaml'), 'utf8')) as object,
  };
  return changeFootprints(records, deriveVersions(head, records));
}
