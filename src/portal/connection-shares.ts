import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

// Each developer's share of the database pool for portal work (security review 4, finding 1).
// The pool serves waiting queries first in, first out: one account's aliased pages could queue
// thousands of statements ahead of every other tenant's, whose queries then failed with 503 after
// the acquire timeout. A portal request runs with its developer's share (sessions and keys
// together); a connection it takes while the share is full waits in that developer's own line.
// The Data API, the jobs and the portal's gate (authentication, rate limits) take connections as
// before. A wait past the pool's acquire timeout fails as the pool's own does (503
// service_unavailable), for that developer only.

type ConnectCallback = (
  err: Error | undefined,
  client?: pg.PoolClient,
  done?: pg.PoolClient['release'],
) => void;

export class ConnectionShares {
  private readonly current = new AsyncLocalStorage<Share>();
  private readonly shares = new Map<number, Share>();

  /** `perDeveloper` connections at once for each developer; `waitMs` 0 waits as long as it takes. */
  constructor(
    pool: pg.Pool,
    readonly perDeveloper: number,
    private readonly waitMs: number,
  ) {
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    const connectCallback = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
    const shared = async (share: Share): Promise<pg.PoolClient> => {
      await share.acquire(this.waitMs);
      let client: pg.PoolClient;
      try {
        client = await connect();
      } catch (err) {
        share.release();
        throw err;
      }
      // pg-pool gives a client a new release function at each checkout.
      const release = client.release;
      let released = false;
      client.release = (err?: Error | boolean) => {
        if (!released) share.release();
        released = true;
        return release.call(client, err);
      };
      return client;
    };
    // Kysely asks with a promise, pool.query with a callback.
    pool.connect = ((callback?: ConnectCallback) => {
      const share = this.current.getStore();
      if (!share) return callback ? connectCallback(callback) : connect();
      if (!callback) return shared(share);
      shared(share).then(
        (client) => callback(undefined, client, client.release),
        (err: Error) => callback(err),
      );
      return undefined;
    }) as typeof pool.connect;
  }

  /** Runs `work` (and everything it starts) within the developer's share. */
  run<T>(developerId: number, work: () => T): T {
    let share = this.shares.get(developerId);
    if (!share) {
      // Idle shares are dropped now and then (a request still running keeps its own).
      if (this.shares.size >= 1000)
        for (const [id, s] of this.shares) if (s.idle) this.shares.delete(id);
      this.shares.set(developerId, (share = new Share(this.perDeveloper)));
    }
    return this.current.run(share, work);
  }

  /** Connections the developer holds now (for tests and metrics). */
  held(developerId: number): number {
    return this.shares.get(developerId)?.held ?? 0;
  }
}

class Share {
  held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  get idle(): boolean {
    return this.held === 0 && this.waiting.length === 0;
  }

  acquire(waitMs: number): Promise<void> {
    if (this.held < this.size) {
      this.held += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        this.held += 1;
        resolve();
      };
      const timer =
        waitMs > 0
          ? setTimeout(() => {
              this.waiting.splice(this.waiting.indexOf(grant), 1);
              // The pool's own words: mapped to 503 service_unavailable like a pool timeout.
              reject(
                new Error(
                  "timeout exceeded when trying to connect (this developer's share of the database connections is in use)",
                ),
              );
            }, waitMs)
          : undefined;
      this.waiting.push(grant);
    });
  }

  release(): void {
    this.held -= 1;
    this.waiting.shift()?.();
  }
}
