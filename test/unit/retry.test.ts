import { nextAttempt, type AttemptResult } from '../../src/domain/webhooks/retry.js';

const SPEC = { maxAttempts: 3, backoffSeconds: [60, 300, 900] };
const failed = (httpStatus: number | null, retryable = true): AttemptResult => ({ ok: false, httpStatus, retryable });

describe('nextAttempt (the retry policy)', () => {
  it('when an attempt succeeds, then the delivery is delivered whatever the attempt', () => {
    for (const attempt of [1, 2, 3]) expect(nextAttempt({ ok: true, httpStatus: 200, retryable: true }, attempt, SPEC)).toEqual({ status: 'delivered' });
  });

  it('when the first and second attempts fail, then the next ones wait 60 s and 300 s (the spec schedule)', () => {
    expect(nextAttempt(failed(500), 1, SPEC)).toEqual({ status: 'pending', attempt: 2, delaySeconds: 60 });
    expect(nextAttempt(failed(null), 2, SPEC)).toEqual({ status: 'pending', attempt: 3, delaySeconds: 300 });
  });

  it('when the last allowed attempt fails, then the delivery fails: never a fourth attempt', () => {
    expect(nextAttempt(failed(503), 3, SPEC)).toEqual({ status: 'failed' });
    expect(nextAttempt(failed(503), 4, SPEC)).toEqual({ status: 'failed' });
  });

  it('when a failure cannot be cured by retrying, then the delivery fails at once', () => {
    expect(nextAttempt(failed(null, false), 1, SPEC)).toEqual({ status: 'failed' });
  });

  it('when attempts outnumber the configured waits, then the last wait repeats; no waits means retry at once', () => {
    expect(nextAttempt(failed(500), 4, { maxAttempts: 6, backoffSeconds: [1, 2] })).toEqual({ status: 'pending', attempt: 5, delaySeconds: 2 });
    expect(nextAttempt(failed(500), 1, { maxAttempts: 2, backoffSeconds: [] })).toEqual({ status: 'pending', attempt: 2, delaySeconds: 0 });
  });

  it('when maxAttempts is 1, then a failure is final', () => {
    expect(nextAttempt(failed(500), 1, { maxAttempts: 1, backoffSeconds: [60] })).toEqual({ status: 'failed' });
  });
});
