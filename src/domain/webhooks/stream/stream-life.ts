import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { StreamOptions } from './stream.js';

// The life of one webhook stream (stream.ts): its listener row kept alive by a timer, and its end.

export const LISTENER_TTL_SECONDS = 30;
export const HEARTBEAT_MS = 10_000;
/** A stream ends after this long; svc listen reconnects with its cursor. */
const MAX_STREAM_MS = 60 * 60_000;

export const listenerExpiry = () =>
  sql<Date>`now() + make_interval(secs => ${LISTENER_TTL_SECONDS})`;

/**
 * A stream's heartbeat, on a timer of its own (a consumer that stops reading does not let its
 * listener expire), and its end: the client went away, the caller may no longer read, or the
 * stream's maximum life is over.
 */
export class LifeCycle {
  private ended = false;
  private readonly deadline = Date.now() + MAX_STREAM_MS;
  private readonly timer: NodeJS.Timeout;
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly listenerId: string,
    private readonly options: StreamOptions,
  ) {
    this.timer = setInterval(() => void this.beat(), options.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
    options.signal?.addEventListener('abort', () => this.end(), { once: true });
  }

  running(): boolean {
    return !this.ended && !this.options.signal?.aborted && Date.now() < this.deadline;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private end(): void {
    this.ended = true;
    this.wake?.();
  }

  private async beat(): Promise<void> {
    try {
      if (this.options.stillAllowed && !(await this.options.stillAllowed())) return this.end();
      await this.db
        .updateTable('control.webhook_listeners')
        .set({ expires_at: listenerExpiry() })
        .where('listener_id', '=', this.listenerId)
        .execute();
    } catch {
      // A failed beat is retried by the next one; the listener row outlives one miss (TTL > beat).
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.ended = true;
    // Kept for one more TTL: a listener that reconnects (svc listen after a drop) finds the
    // deliveries of the meantime in the feed, even those of a plugin without an endpoint. A
    // stream ended because its caller may no longer read expires at once.
    const expiry =
      (await this.options.stillAllowed?.().catch(() => false)) === false
        ? sql<Date>`now()`
        : listenerExpiry();
    await this.db
      .updateTable('control.webhook_listeners')
      .set({ expires_at: expiry })
      .where('listener_id', '=', this.listenerId)
      .execute()
      .catch(() => {});
  }
}
