/** What a rate-limit bucket says after a request: its size, what is left, and when it resets. */
export interface RateLimitView {
  limit: number;
  remaining: number;
  /** Seconds until the window closes. */
  retryAfterSeconds: number;
}

/**
 * The rate-limit headers every admitted (or rate-limited) request's response carries: the spec's
 * X-RateLimit-* and the IETF draft's RateLimit-Policy / RateLimit (reset: seconds until the
 * window closes).
 */
export function rateLimitHeaders(rateLimit: RateLimitView | undefined): Record<string, string> {
  if (!rateLimit) return {};
  return {
    'X-RateLimit-Limit': String(rateLimit.limit),
    'X-RateLimit-Remaining': String(rateLimit.remaining),
    'RateLimit-Policy': `${rateLimit.limit};w=60`,
    RateLimit: `limit=${rateLimit.limit}, remaining=${rateLimit.remaining}, reset=${rateLimit.retryAfterSeconds}`,
  };
}
