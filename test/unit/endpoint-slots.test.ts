import { describe, expect, it } from '@jest/globals';
import { EndpointSlots, endpointKey } from '../../src/domain/webhooks/delivery/endpoint-slots.js';

describe('endpoint slots', () => {
  it("when an endpoint's slots are taken, then the next attempts wait in arrival order and each release passes its slot on", async () => {
    const slots = new EndpointSlots(2);
    const order: string[] = [];
    const first = await slots.take('https://a.example');
    const second = await slots.take('https://a.example');
    const waiting = ['c', 'd'].map((name) =>
      slots.take('https://a.example').then((release) => (order.push(name), release)),
    );
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

  it('when an endpoint takes requests but none ends quickly, then it is not answering, however many slots are free; once one ends quickly, it is', async () => {
    const slots = new EndpointSlots(32, 50);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = await slots.take('https://hangs.example');
    await sleep(60);
    await slots.take('https://hangs.example'); // a new request taken is no sign of life
    expect(slots.answeredWithin('https://hangs.example', 50)).toBe(false);
    expect(slots.expectedWaitMs('https://hangs.example')).toBe(0); // 30 slots still free
    first(); // after 60 ms: slow (the limit here is 50 ms), as a timeout would be
    expect(slots.answeredWithin('https://hangs.example', 50)).toBe(false);
    (await slots.take('https://hangs.example'))(); // a quick one
    expect(slots.answeredWithin('https://hangs.example', 50)).toBe(true);
    expect(slots.answeredWithin('https://idle.example', 50)).toBe(true); // nothing in flight there
  });

  it('when every slot is held by requests that have not ended for a while, then a new attempt expects to wait that long per round ahead of it', async () => {
    const slots = new EndpointSlots(2);
    await slots.take('https://slow.example');
    await slots.take('https://slow.example');
    void slots.take('https://slow.example'); // waits in line: half a round ahead of the next
    void slots.take('https://slow.example');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const wait = slots.expectedWaitMs('https://slow.example');
    expect(wait).toBeGreaterThanOrEqual(2 * 100 - 5); // a round in flight, a round in line, 100 ms each at least
    expect(wait).toBeLessThan(2 * 1000);
  });

  it('when an attempt waiting in line leaves it, then it gets no slot and the next one in line gets the released slot', async () => {
    const slots = new EndpointSlots(1);
    const first = await slots.take('https://a.example');
    const leaving = slots.enter('https://a.example');
    const next = slots.enter('https://a.example');
    expect(slots.load('https://a.example')).toBe(3);
    expect(leaving.leave()).toBe(true);
    expect(await leaving.slot).toBeNull();
    expect(slots.load('https://a.example')).toBe(2);
    first();
    const release = await next.slot;
    expect(release).not.toBeNull();
    expect(next.leave()).toBe(false); // its turn came: the slot is its own
    release!();
    expect(slots.load('https://a.example')).toBe(0);
  });

  it('when a URL is an endpoint, then its key is its plugin and its origin', () => {
    expect(endpointKey('https://Hooks.Example.com:8443/a?b=1', 7)).toBe(
      '7 https://hooks.example.com:8443',
    );
    expect(endpointKey('https://hooks.example.com/other', 7)).toBe('7 https://hooks.example.com');
    // Another plugin's endpoint on the same origin (a shared relay) is a line of its own.
    expect(endpointKey('https://hooks.example.com/other', 8)).not.toBe(
      endpointKey('https://hooks.example.com/other', 7),
    );
    expect(endpointKey(null, 7)).toBeNull();
    expect(endpointKey('not a url', 7)).toBeNull();
  });
});
