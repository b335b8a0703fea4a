import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './contract-copies.js';

// The documents an older version serves (contracts/derived/<version>/) show that version's shapes
// in their examples too: each example is taken back through the records' migrations as a response
// is, so a developer pinned to 2026-11-21 who pastes one sends what 2026-11-21 takes.

/** Every `example` and `examples` value of a document, by its path. */
function examplesOf(node: unknown, at = '', found = new Map<string, unknown>()) {
  if (Array.isArray(node)) node.forEach((item, n) => examplesOf(item, `${at}[${n}]`, found));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example' || key === 'examples') found.set(`${at}.${key}`, value);
      else examplesOf(value, `${at}.${key}`, found);
    }
  return found;
}

const read = (...parts: string[]) => parse(readFileSync(path.join(ROOT, ...parts), 'utf8'));

describe('the examples of the derived 2026-11-21 contracts', () => {
  for (const file of ['openapi.yaml', 'asyncapi.yaml'])
    it(`when ${file} of 2026-11-21 is derived from head, then every example equals the released one`, () => {
      const derived = examplesOf(read('contracts/derived/2026-11-21', file));
      const released = examplesOf(read('contracts/released/2026-11-21', file));
      const differing = [...released]
        .filter(([at, value]) => JSON.stringify(derived.get(at)) !== JSON.stringify(value))
        .map(([at]) => at);
      expect(differing).toEqual([]);
    });
});
