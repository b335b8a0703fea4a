import { nextAttempt, type AttemptResult } from '../../src/domain/webhooks/delivery/retry.js';

const SPEC = { maxAttempts: 3, backoffSeconds: [60, 300, 900] };
const failed = (httpStatus: number | null, retryable = true): AttemptResult => ({
  ok: false,
  httpStatus,
  retryable,
});

describe('nextAttempt (the retry policy)', () => {
  it('when an attempt succeeds, then the delivery is delivered whatever the attempt', () => {
    for (const attempt of [1, 2, 3])
      expect(nextAttempt({ ok: true, httpStatus: 200, retryable: true }, attempt, SPEC)).toEqual({
        status: 'delivered',
      });
  });

  it('when the first and second attempts fail, then the next ones wait 60 s and 300 s (the spec schedule)', () => {
    expect(nextAttempt(failed(500), 1, SPEC, { random: () => 0 })).toEqual({
      status: 'pending',
      attempt: 2,
      delaySeconds: 60,
    });
    expect(nextAttempt(failed(null), 2, SPEC, { random: () => 0 })).toEqual({
      status: 'pending',
      attempt: 3,
      delaySeconds: 300,
    });
  });

  it('when the last allowed attempt fails, then the delivery fails: never a fourth attempt', () => {
    expect(nextAttempt(failed(503), 3, SPEC)).toEqual({ status: 'failed' });
    expect(nextAttempt(failed(503), 4, SPEC)).toEqual({ status: 'failed' });
  });

  it('when a failure cannot be cured by retrying, then the delivery fails at once', () => {
    expect(nextAttempt(failed(null, false), 1, SPEC)).toEqual({ status: 'failed' });
  });

  it('when attempts outnumber the configured waits, then the last wait repeats; no waits means retry at once', () => {
    expect(
      nextAttempt(failed(500), 4, { maxAttempts: 6, backoffSeconds: [1, 2] }, { random: () => 0 }),
    ).toEqual({ status: 'pending', attempt: 5, delaySeconds: 2 });
    expect(
      nextAttempt(failed(500), 1, { maxAttempts: 2, backoffSeconds: [] }, { random: () => 0 }),
    ).toEqual({ status: 'pending', attempt: 2, delaySeconds: 0 });
  });

  it('when maxAttempts is 1, then a failure is final', () => {
    expect(nextAttempt(failed(500), 1, { maxAttempts: 1, backoffSeconds: [60] })).toEqual({
      status: 'failed',
    });
  });
});

describe('nextAttempt: what the receiver asks for', () => {
  const NOW = new Date('2026-11-24T12:00:00Z');
  const noJitter = () => 0;

  it('when the receiver answers 410 Gone, then the delivery fails at once, whatever attempts remain', () => {
    expect(
      nextAttempt({ ok: false, httpStatus: 410, retryable: true }, 1, SPEC, { random: noJitter }),
    ).toEqual({ status: 'failed' });
  });

  it('when a 503 or 429 carries Retry-After in seconds longer than the schedule, then the next attempt waits that long', () => {
    const verdict = nextAttempt(
      { ok: false, httpStatus: 503, retryable: true, retryAfter: '120' },
      1,
      SPEC,
      { random: noJitter, now: NOW },
    );
    expect(verdict).toEqual({ status: 'pending', attempt: 2, delaySeconds: 120 });
    expect(
      nextAttempt({ ok: false, httpStatus: 429, retryable: true, retryAfter: '400' }, 2, SPEC, {
        random: noJitter,
        now: NOW,
      }),
    ).toEqual({ status: 'pending', attempt: 3, delaySeconds: 400 });
  });

  it('when Retry-After is an HTTP date, then the wait runs until that date', () => {
    const verdict = nextAttempt(
      { ok: false, httpStatus: 503, retryable: true, retryAfter: 'Tue, 24 Nov 2026 12:10:00 GMT' },
      1,
      SPEC,
      { random: noJitter, now: NOW },
    );
    expect(verdict).toEqual({ status: 'pending', attempt: 2, delaySeconds: 600 });
  });

  it('when Retry-After asks for less than the schedule, is malformed, or comes with another status, then the schedule stands', () => {
    for (const [httpStatus, retryAfter] of [
      [503, '5'],
      [503, 'soon'],
      [500, '900'],
      [429, '-3'],
    ] as const) {
      expect(
        nextAttempt({ ok: false, httpStatus, retryable: true, retryAfter }, 1, SPEC, {
          random: noJitter,
          now: NOW,
        }),
      ).toEqual({ status: 'pending', attempt: 2, delaySeconds: 60 });
    }
  });

  it('when Retry-After asks for more than an hour, then the wait is capped at one hour', () => {
    expect(
      nextAttempt({ ok: false, httpStatus: 503, retryable: true, retryAfter: '86400' }, 1, SPEC, {
        random: noJitter,
        now: NOW,
      }),
    ).toEqual({ status: 'pending', attempt: 2, delaySeconds: 3600 });
  });

  it('when Retry-After arrives on the last attempt, then it adds no attempt', () => {
    expect(
      nextAttempt({ ok: false, httpStatus: 503, retryable: true, retryAfter: '120' }, 3, SPEC, {
        random: noJitter,
        now: NOW,
      }),
    ).toEqual({ status: 'failed' });
  });

  it('when a wait comes from the schedule, then a jitter of at most 10% is added and never removed', () => {
    const low = nextAttempt(failed(500), 1, SPEC, { random: () => 0 });
    const high = nextAttempt(failed(500), 2, SPEC, { random: () => 0.999 });
    expect(low).toEqual({ status: 'pending', attempt: 2, delaySeconds: 60 });
    expect(high).toEqual({ status: 'pending', attempt: 3, delaySeconds: 330 });
    for (let i = 0; i < 200; i++) {
      const verdict = nextAttempt(failed(500), 1, SPEC);
      expect(
        verdict.status === 'pending' && verdict.delaySeconds >= 60 && verdict.delaySeconds <= 66,
      ).toBe(true);
    }
  });
});
