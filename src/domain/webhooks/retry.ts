// The retry policy of outbound deliveries, as one pure function: given how an attempt went and
// which attempt it was, deliver the verdict the worker records. The automatic schedule is the
// spec's (3 attempts; waits of 60 s and 300 s by default, from SVC_WEBHOOK_BACKOFF_SECONDS).
// pg-boss's own retries are separate: they re-run an attempt whose worker died before recording it.

/** What the policy needs to know about one attempt. */
export interface AttemptResult {
  ok: boolean;
  /** The receiver's status code; null when no response arrived. */
  httpStatus: number | null;
  /** False when no later attempt could succeed (a malformed or plain-http endpoint, no secret). */
  retryable: boolean;
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

/** The verdict on attempt `attempt` (1-based): delivered, failed for good, or retried after a wait. */
export function nextAttempt(result: AttemptResult, attempt: number, policy: RetryPolicy): NextAttempt {
  if (result.ok) return { status: 'delivered' };
  if (!result.retryable || attempt >= policy.maxAttempts) return { status: 'failed' };
  const waits = policy.backoffSeconds;
  const delaySeconds = waits.length === 0 ? 0 : waits[Math.min(attempt - 1, waits.length - 1)]!;
  return { status: 'pending', attempt: attempt + 1, delaySeconds };
}
