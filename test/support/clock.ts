const DAY = 86_400_000;

/**
 * For a test file whose expectations name today's date (the partition of today, the days made
 * ahead from it): when the UTC day would change within `withinMs`, or changed under 10 s ago,
 * waits until the new day is 10 s old, so that the file runs within one day. Call it first.
 */
export async function clearOfMidnight(withinMs = 60_000): Promise<void> {
  const intoDay = Date.now() % DAY;
  const wait = DAY - intoDay < withinMs ? DAY - intoDay + 10_000 : Math.max(0, 10_000 - intoDay);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The timeout for a `beforeAll` that calls clearOfMidnight(withinMs) before its own work. */
export const clearOfMidnightTimeout = (withinMs = 60_000, ownMs = 30_000) =>
  withinMs + 10_000 + ownMs;
