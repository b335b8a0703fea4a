// Requests in flight per endpoint, in one worker process. Each endpoint (a URL's origin: the server
// that answers) has `perEndpoint` slots; attempts beyond them wait their turn in arrival order.
// An endpoint that hangs therefore holds at most its own slots, never the capacity of the others.

interface Lane {
  active: number;
  waiting: (() => void)[];
  /** When a request of the endpoint last ended in less than `slowMs` (or the lane opened): an endpoint answers if this is recent. */
  releasedAt: number;
  /** How long its recent requests took (a moving average), once one has ended. */
  averageMs: number | null;
}

export class EndpointSlots {
  private readonly lanes = new Map<string, Lane>();

  /** `slowMs`: a request that took this long is no sign that its endpoint answers (it timed out, most likely). */
  constructor(readonly perEndpoint: number, private readonly slowMs = Infinity) {}

  /** Attempts holding or waiting for a slot of this endpoint. */
  load(endpoint: string): number {
    const lane = this.lanes.get(endpoint);
    return lane ? lane.active + lane.waiting.length : 0;
  }

  /**
   * About how long a new attempt would wait for a slot of the endpoint: a round of requests per
   * `perEndpoint` ahead of it, each as long as its recent requests took (or have already taken,
   * when none ended for longer). An endpoint that hangs gives seconds; a fast one, busy, a few ms.
   */
  expectedWaitMs(endpoint: string): number {
    const lane = this.lanes.get(endpoint);
    if (!lane || lane.active < this.perEndpoint) return 0;
    const perRequest = Math.max(lane.averageMs ?? 0, performance.now() - lane.releasedAt);
    return (1 + lane.waiting.length / this.perEndpoint) * perRequest;
  }

  /**
   * Whether one of the endpoint's requests ended quickly within `ms` (or its lane opened then): it
   * answers. Taking slots is no sign of life (an endpoint that hangs takes new requests until its
   * slots are full), nor is a request that ended at the timeout.
   */
  answeredWithin(endpoint: string, ms: number): boolean {
    const lane = this.lanes.get(endpoint);
    return lane === undefined || performance.now() - lane.releasedAt <= ms;
  }

  /** Resolves with the release of a slot of the endpoint, once one is free. */
  async take(endpoint: string): Promise<() => void> {
    let lane = this.lanes.get(endpoint);
    if (!lane) {
      lane = { active: 0, waiting: [], releasedAt: performance.now(), averageMs: null };
      this.lanes.set(endpoint, lane);
    }
    if (lane.active >= this.perEndpoint) await new Promise<void>((resolve) => lane.waiting.push(resolve));
    else lane.active += 1;
    const takenAt = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const tookMs = performance.now() - takenAt;
      lane.averageMs = lane.averageMs === null ? tookMs : 0.8 * lane.averageMs + 0.2 * tookMs;
      if (tookMs < this.slowMs) lane.releasedAt = performance.now();
      this.release(endpoint, lane);
    };
  }

  private release(endpoint: string, lane: Lane): void {
    // The slot passes straight to the next attempt in line, if any.
    const next = lane.waiting.shift();
    if (next) return next();
    lane.active -= 1;
    if (lane.active === 0) this.lanes.delete(endpoint);
  }
}

/** The endpoint an attempt's request goes to: its URL's origin, or null when there is none to reach. */
export function endpointKey(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
