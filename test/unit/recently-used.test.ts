import { describe, expect, it } from '@jest/globals';
import { RecentlyUsed } from '../../src/lib/recently-used.js';

describe('RecentlyUsed', () => {
  it('when full, then a new entry pushes out the least recently used, and a hit counts as a use', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1); // a is now newer than b
    kept.set('c', 3);
    expect([kept.get('a'), kept.get('b'), kept.get('c'), kept.size]).toEqual([1, undefined, 3, 2]);
  });

  it('when a key is set again or deleted, then it takes one place at most', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('a', 2);
    kept.set('b', 3);
    expect([kept.get('a'), kept.get('b'), kept.size]).toEqual([2, 3, 2]);
    kept.delete('a');
    expect([kept.get('a'), kept.size]).toEqual([undefined, 1]);
  });
});
