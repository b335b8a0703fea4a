import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT_DIR } from '../../src/app.js';

// The contracts of the dated API versions older than head, as /asyncapi.yaml?version= serves them
// (contracts/derived/<version>/): what a delivery rendered in that version is checked against.

const asyncapis = new Map<string, Record<string, unknown> | undefined>();

/** The asyncapi.yaml of an older version; undefined for head (its generated schemas apply). */
export function derivedAsyncapi(version: string): Record<string, unknown> | undefined {
  if (asyncapis.has(version)) return asyncapis.get(version);
  const file = path.join(ROOT_DIR, 'contracts', 'derived', version, 'asyncapi.yaml');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const head = readFileSync(path.join(ROOT_DIR, 'asyncapi.yaml'), 'utf8');
  const doc =
    text === undefined || text === head ? undefined : (parse(text) as Record<string, unknown>);
  asyncapis.set(version, doc);
  return doc;
}

/**
 * An asyncapi.yaml document as Ajv takes it, to resolve its payloads' $refs in: without its root
 * `id` (AsyncAPI's document identifier, which Ajv refuses as the draft-04 schema-id keyword).
 */
export function asyncapiAsSchema(doc: Record<string, unknown>): Record<string, unknown> {
  const { id: _documentId, ...schema } = doc;
  return schema;
}
