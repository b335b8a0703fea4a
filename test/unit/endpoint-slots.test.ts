import { describe, expect, it } from '@jest/globals';
import { EndpointSlots, endpointKey } from '../../src/domain/webhooks/endpoint-slots.js';

describe('endpoint slots', () => {
  it('when an endpoint\'s slots are taken, then the next attempts wait in arrival order and each release passes its slot on', async () => {
    const slots = new EndpointSlots(2);
    const order: string[] = [];
    const first = await slots.take('https://a.example');
    const second = await slots.take('https://a.example');
    const waiting = ['c', 'd'].map((name) => slots.take('https://a.example').then((release) => (order.push(name), release)));
    const other = await slots.take('https://b.example'); // another endpoint is not held up
    expect(slots.load('https://a.example')).toBe(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    first();
    first(); // a second release of the same slot frees nothing more
    const c = await waiting[0]!;
    expect(order).toEqual(['c']);
    expect(slots.load('https://a.example')).toBe(3); // second and c hold the slots, d waits
    second();
    const d = await waiting[1]!;
    expect(order).toEqual(['c', 'd']);
    c();
    d();
    other();
    expect(slots.load('https://a.example')).toBe(0);
    expect(slots.load('https://b.example')).toBe(0);
  });

  it('when a URL is an endpoint, then its key is its origin', () => {
    expect(endpointKey('https://Hooks.Example.com:8443/a?b=1')).toBe('https://hooks.example.com:8443');
    expect(endpointKey('https://hooks.example.com/other')).toBe('https://hooks.example.com');
    expect(endpointKey(null)).toBeNull();
    expect(endpointKey('not a url')).toBeNull();
  });
});
