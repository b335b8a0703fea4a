// Requests in flight per endpoint, in one worker process. Each endpoint (a URL's origin: the server
// that answers) has `perEndpoint` slots; attempts beyond them wait their turn in arrival order.
// An endpoint that hangs therefore holds at most its own slots, never the capacity of the others.

interface Lane {
  active: number;
  waiting: (() => void)[];
  /** When a slot was last taken or given back: a lane whose slots are all held and that has not moved for a while is stalled. */
  movedAt: number;
}

export class EndpointSlots {
  private readonly lanes = new Map<string, Lane>();

  constructor(readonly perEndpoint: number) {}

  /** Attempts holding or waiting for a slot of this endpoint. */
  load(endpoint: string): number {
    const lane = this.lanes.get(endpoint);
    return lane ? lane.active + lane.waiting.length : 0;
  }

  /**
   * Whether every slot of the endpoint is held and none was given back for `ms`: its requests
   * hang, so more attempts would only wait in line. A fast endpoint's slots turn over constantly.
   */
  stalled(endpoint: string, ms: number): boolean {
    const lane = this.lanes.get(endpoint);
    return lane !== undefined && lane.active >= this.perEndpoint && performance.now() - lane.movedAt > ms;
  }

  /** Whether the endpoint's slots turned over within `ms` (an endpoint with nothing in flight has nothing to wait for). */
  movedWithin(endpoint: string, ms: number): boolean {
    const lane = this.lanes.get(endpoint);
    return lane === undefined || performance.now() - lane.movedAt <= ms;
  }

  /** Resolves with the release of a slot of the endpoint, once one is free. */
  async take(endpoint: string): Promise<() => void> {
    let lane = this.lanes.get(endpoint);
    if (!lane) {
      lane = { active: 0, waiting: [], movedAt: performance.now() };
      this.lanes.set(endpoint, lane);
    }
    if (lane.active >= this.perEndpoint) await new Promise<void>((resolve) => lane.waiting.push(resolve));
    else lane.active += 1;
    lane.movedAt = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(endpoint, lane);
    };
  }

  private release(endpoint: string, lane: Lane): void {
    lane.movedAt = performance.now();
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
