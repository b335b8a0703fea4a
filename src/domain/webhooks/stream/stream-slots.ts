import { DomainError } from '../../shared/index.js';

// How many webhook streams this process holds open: at most `perDeveloper` for one developer and
// `perProcess` in all. Each stream polls the database and keeps a socket, so their number is what
// bounds what an account can make the process and PostgreSQL do. Built once per process.

export const STREAMS_PER_DEVELOPER = 10;

export class StreamSlots {
  private readonly byDeveloper = new Map<number, number>();
  private total = 0;

  constructor(
    readonly perProcess: number,
    readonly perDeveloper = STREAMS_PER_DEVELOPER,
  ) {}

  /** Takes a slot for the developer, or refuses with stream_limit_reached; returns its release. */
  acquire(developerId: number): () => void {
    const mine = this.byDeveloper.get(developerId) ?? 0;
    if (mine >= this.perDeveloper) {
      throw new DomainError(
        'stream_limit_reached',
        `A developer has at most ${this.perDeveloper} open webhook streams. Close one (stop a svc listen) before opening another.`,
      );
    }
    if (this.total >= this.perProcess) {
      throw new DomainError(
        'stream_limit_reached',
        `This server holds its maximum of ${this.perProcess} webhook streams. Retry in a minute.`,
      );
    }
    this.byDeveloper.set(developerId, mine + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byDeveloper.get(developerId) ?? 1) - 1;
      if (left === 0) this.byDeveloper.delete(developerId);
      else this.byDeveloper.set(developerId, left);
    };
  }

  get open(): number {
    return this.total;
  }
}
