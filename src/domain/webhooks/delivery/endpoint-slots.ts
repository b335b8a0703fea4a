// Requests in flight per endpoint, in one worker process. Each endpoint (a plugin's URL origin: the
// server that answers, as that plugin reaches it) has `perEndpoint` slots; attempts beyond them wait
// their turn in arrival order. An endpoint that hangs therefore holds at most its own slots, never
// the capacity of the others: not even of another plugin whose endpoint is on the same origin (a
// shared webhook relay; security review 4, finding 5).

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
  constructor(
    readonly perEndpoint: number,
    private readonly slowMs = Infinity,
  ) {}

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

  /** Whether the endpoint has requests in flight but none of its requests has ended yet (a fresh lane: presumed to answer). */
  untried(endpoint: string): boolean {
    const lane = this.lanes.get(endpoint);
    return lane !== undefined && lane.averageMs === null;
  }

  /** Resolves with the release of a slot of the endpoint, once one is free. */
  async take(endpoint: string): Promise<() => void> {
    return (await this.enter(endpoint).slot)!;
  }

  /**
   * Takes a place in the endpoint's line: `slot` resolves with the release of a slot once one is
   * free, or with null once the attempt left the line. `leave()` leaves it (true) unless the turn
   * has already come (false: the slot is the attempt's).
   */
  enter(endpoint: string): { slot: Promise<(() => void) | null>; leave(): boolean } {
    let lane = this.lanes.get(endpoint);
    if (!lane) {
      lane = { active: 0, waiting: [], releasedAt: performance.now(), averageMs: null };
      this.lanes.set(endpoint, lane);
    }
    const line = lane;
    if (line.active < this.perEndpoint) {
      line.active += 1;
      return { slot: Promise.resolve(this.holding(endpoint, line)), leave: () => false };
    }
    let turn!: () => void;
    let left!: () => void;
    const slot = new Promise<(() => void) | null>((resolve) => {
      turn = () => resolve(this.holding(endpoint, line));
      left = () => resolve(null);
    });
    line.waiting.push(turn);
    const leave = (): boolean => {
      const at = line.waiting.indexOf(turn);
      if (at < 0) return false;
      line.waiting.splice(at, 1);
      left();
      return true;
    };
    return { slot, leave };
  }

  /** The release of a slot of the lane, just taken. */
  private holding(endpoint: string, lane: Lane): () => void {
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

/**
 * The endpoint an attempt's request goes to: its plugin's, at its URL's origin; null when there is
 * none to reach. Each plugin has lines of its own, so others' requests to the same origin that hang
 * do not hold its turn.
 */
export function endpointKey(url: string | null, pluginId: number): string | null {
  if (!url) return null;
  try {
    return `${pluginId} ${new URL(url).origin}`;
  } catch {
    return null;
  }
}
