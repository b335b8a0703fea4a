import { describe, expect, it } from '@jest/globals';
import { MAX_BODY_DEPTH, nestedDeeperThan } from '../../src/api/body-depth.js';

const objects = (depth: number): unknown =>
  JSON.parse(`${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`);
const arrays = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('nestedDeeperThan', () => {
  it('when the value is a scalar or null, then it has no depth', () => {
    for (const value of [null, 1, 'x', true, undefined])
      expect(nestedDeeperThan(value, 1)).toBe(false);
  });

  it('when objects and arrays nest up to the limit, then it passes; one more level, then it does not', () => {
    expect(nestedDeeperThan({ a: { b: 1 } }, 2)).toBe(false);
    expect(nestedDeeperThan({ a: { b: [] } }, 2)).toBe(true);
    expect(nestedDeeperThan(objects(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan(objects(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan(arrays(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
    expect(nestedDeeperThan(arrays(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
  });

  it('when the deep branch is the last of many siblings, then it is still found', () => {
    const body = {
      wide: Array.from({ length: 1000 }, (_, n) => ({ n })),
      metadata: [1, 'x', null, objects(MAX_BODY_DEPTH)],
    };
    expect(nestedDeeperThan(body, MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan({ ...body, metadata: [] }, MAX_BODY_DEPTH)).toBe(false);
  });

  it('when the value is a million levels deep, then the walk neither recurses nor takes long', () => {
    let value: unknown = {};
    for (let n = 0; n < 1_000_000; n++) value = [value];
    const started = performance.now();
    expect(nestedDeeperThan(value, MAX_BODY_DEPTH)).toBe(true);
    expect(nestedDeeperThan(value, 2_000_000)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('when keys are prototype names, then they are plain data', () => {
    expect(nestedDeeperThan(JSON.parse('{"__proto__":{"constructor":{"prototype":{}}}}'), 3)).toBe(
      true,
    );
    expect(nestedDeeperThan(JSON.parse('{"__proto__":{"constructor":{"prototype":{}}}}'), 4)).toBe(
      false,
    );
  });
});
