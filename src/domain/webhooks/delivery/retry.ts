// The retry policy of outbound deliveries, as one pure function: given how an attempt went and
// which attempt it was, the verdict the worker records. The automatic schedule is the spec's
// (3 attempts; waits of 60 s and 300 s by default, from SVC_WEBHOOK_BACKOFF_SECONDS). On top of it:
// - 410 Gone ends the delivery at once: the receiver asked us to stop;
// - Retry-After (seconds or an HTTP date) on a 429 or 503 delays the next attempt when it asks for
//   longer than the schedule, capped at one hour; it never adds an attempt;
// - scheduled waits get a random jitter of at most 10%, so that retries of many deliveries that
//   failed together do not arrive together.
// pg-boss's own retries are separate: they re-run an attempt whose worker died before recording it.

/** What the policy needs to know about one attempt. */
export interface AttemptResult {
  ok: boolean;
  /** The receiver's status code; null when no response arrived. */
  httpStatus: number | null;
  /** False when no later attempt could succeed (a malformed or plain-http endpoint, no secret). */
  retryable: boolean;
  /** The receiver's Retry-After header, as sent. */
  retryAfter?: string | null;
}

export interface RetryPolicy {
  readonly maxAttempts: number;
  /** Wait before attempt n+1, indexed n-1; the last wait repeats when attempts outnumber waits. */
  readonly backoffSeconds: readonly number[];
}

export type NextAttempt =
  | { status: 'delivered' }
  | { status: 'failed' }
  | { status: 'pending'; attempt: number; delaySeconds: number };

/** The longest wait a receiver's Retry-After can ask for. */
export const MAX_RETRY_AFTER_SECONDS = 3600;
/** The largest share of a scheduled wait added as jitter. */
export const MAX_JITTER = 0.1;

/** The verdict on attempt `attempt` (1-based): delivered, failed for good, or retried after a wait. */
export function nextAttempt(
  result: AttemptResult,
  attempt: number,
  policy: RetryPolicy,
  { random = Math.random, now = new Date() }: { random?: () => number; now?: Date } = {},
): NextAttempt {
  if (result.ok) return { status: 'delivered' };
  if (result.httpStatus === 410) return { status: 'failed' };
  if (!result.retryable || attempt >= policy.maxAttempts) return { status: 'failed' };
  const waits = policy.backoffSeconds;
  const scheduled = waits.length === 0 ? 0 : waits[Math.min(attempt - 1, waits.length - 1)]!;
  const jittered = Math.round(scheduled * (1 + Math.min(Math.max(random(), 0), 1) * MAX_JITTER));
  const asked =
    result.httpStatus === 429 || result.httpStatus === 503
      ? retryAfterSeconds(result.retryAfter, now)
      : null;
  const delaySeconds =
    asked !== null && asked > jittered ? Math.min(asked, MAX_RETRY_AFTER_SECONDS) : jittered;
  return { status: 'pending', attempt: attempt + 1, delaySeconds };
}

/** Retry-After as seconds from `now`: delta-seconds or an HTTP date (RFC 9110); null when unusable. */
export function retryAfterSeconds(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
