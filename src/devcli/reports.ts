import { ReportWebhookStreamResultDocument } from '../generated/devcli.generated.js';
import { CliError, graphql, type Credentials } from './client.js';
import type { Io } from './terminal.js';

// The local answers of forwarded deliveries, reported to the delivery log (reportWebhookStreamResult).
// Each report costs one call of the key's 60 a minute, so a busy stream meets the rate limit: the
// reports go out in the background, one at a time and in order, and a refusal is waited out
// (Retry-After) instead of lost; the stream itself never waits for them. svc says once on stderr
// that reports are late or lost, not once per report.

export interface LocalReport {
  logId: string;
  status: number;
  ms: number;
}

/** Reports kept while the platform refuses; past this the oldest go (the delivery log misses them). */
const MAX_PENDING = 1000;

export class ResultReporter {
  private readonly pending: LocalReport[] = [];
  private draining = false;
  private warned = false;

  constructor(
    private readonly credentials: Credentials,
    private readonly io: Io,
  ) {}

  report(report: LocalReport): void {
    if (this.pending.length >= MAX_PENDING) {
      this.pending.shift();
      this.warnOnce(`more than ${MAX_PENDING} waiting`, 'the oldest are dropped');
    }
    this.pending.push(report);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.pending.length > 0) {
      const next = this.pending[0]!;
      try {
        await graphql(
          this.credentials,
          ReportWebhookStreamResultDocument,
          { id: next.logId, s: next.status, ms: next.ms },
          { retry: false },
        );
        this.pending.shift();
      } catch (err) {
        const wait = err instanceof CliError ? err.retryAfterSeconds : undefined;
        this.warnOnce(
          (err as Error).message,
          wait === undefined ? 'that result is not in the delivery log' : `retrying in ${wait} s`,
        );
        if (wait === undefined) this.pending.shift();
        else await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 60) * 1000));
      }
    }
    this.draining = false;
  }

  private warnOnce(problem: string, consequence: string): void {
    if (this.warned) return;
    this.warned = true;
    this.io.err(
      `svc: could not report local results to the platform (${problem}); ${consequence} (said once)`,
    );
  }
}
