import type { PgBoss } from 'pg-boss';

// Timers that wake a worker when a deferred job (startAfter) falls due, instead of at its next
// poll (pg-boss notifies only jobs due at once). A receiver's Retry-After sets a retry's wait (up
// to an hour), so one timer per retry would grow with the rate of failed attempts (security review
// 4, finding 6). Shared wake-ups are one timer per distinct due second, fired at that second's end
// (all its jobs are due then; a fetch takes them together), and at most `max` timers live: past
// that the farthest is dropped for a nearer one, and polling covers the rest (a few seconds late).

export interface WakeUpOptions {
  /** Live timers at most. */
  max?: number;
  /**
   * Whether wake-ups due in the same second share a timer (default). A worker that takes one job a
   * fetch (the scenario worker) keeps a timer each, or the second job due would wait for a poll.
   */
  shared?: boolean;
}

export class WakeUps {
  private readonly timers = new Map<number, { timer: NodeJS.Timeout; dueAt: number }>();
  private readonly max: number;
  private readonly shared: boolean;
  private unshared = 0;

  /** `workerId` is read when a timer fires (a worker registered after the wake-up was asked for is woken too). */
  constructor(
    private readonly boss: Pick<PgBoss, 'notifyWorker'>,
    private readonly workerId: () => string,
    { max = 512, shared = true }: WakeUpOptions = {},
  ) {
    this.max = max;
    this.shared = shared;
  }

  /** Live timers (tests). */
  get size(): number {
    return this.timers.size;
  }

  after(delaySeconds: number): void {
    const dueAt = Date.now() + delaySeconds * 1000 + 50;
    // Shared: keyed by the due second (a positive number); each of its own: a negative counter.
    const key = this.shared ? Math.ceil(dueAt / 1000) : -(this.unshared += 1);
    if (this.timers.has(key)) return;
    const firesAt = this.shared ? key * 1000 + 50 : dueAt;
    if (this.timers.size >= this.max && !this.dropFarthestBefore(firesAt)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.boss.notifyWorker(this.workerId());
    }, firesAt - Date.now());
    timer.unref();
    this.timers.set(key, { timer, dueAt: firesAt });
  }

  clear(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Drops the timer that fires last if it fires after `at` (true); otherwise keeps them all (false). */
  private dropFarthestBefore(at: number): boolean {
    let farthest: [number, { timer: NodeJS.Timeout; dueAt: number }] | undefined;
    for (const entry of this.timers)
      if (!farthest || entry[1].dueAt > farthest[1].dueAt) farthest = entry;
    if (!farthest || farthest[1].dueAt <= at) return false;
    clearTimeout(farthest[1].timer);
    this.timers.delete(farthest[0]);
    return true;
  }
}
