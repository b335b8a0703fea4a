/**
 * Response headers of deprecated operations, computed once per operation when the Data API
 * starts: `Deprecation` (RFC 9745, the date it was deprecated, `x-deprecated-at`), `Sunset`
 * (RFC 8594, `x-sunset`, when given) and a `Link` to the changelog that announced it.
 */
export type HeaderMap = Record<string, string>;

interface OperationLike {
  operationId?: string;
  deprecated?: boolean;
  'x-deprecated-at'?: unknown;
  'x-sunset'?: unknown;
}

export function deprecationHeaders(
  operations: readonly OperationLike[],
  baseUrl: string,
): Map<string, HeaderMap> {
  const headers = new Map<string, HeaderMap>();
  for (const op of operations) {
    if (!op.deprecated || !op.operationId) continue;
    // RFC 9745's value is a date; an operation deprecated without one is a contract error, caught
    // by every test that starts the Data API rather than answered with an invented date.
    const since = toDate(op['x-deprecated-at']);
    if (!since)
      throw new Error(
        `openapi.yaml: ${op.operationId} is deprecated: give the date in x-deprecated-at (YYYY-MM-DD)`,
      );
    const entry: HeaderMap = {
      Deprecation: `@${Math.floor(since.getTime() / 1000)}`,
      Link: `<${baseUrl}/docs/changelog>; rel="deprecation"; type="text/html"`,
    };
    const sunset = toDate(op['x-sunset']);
    if (op['x-sunset'] !== undefined && !sunset)
      throw new Error(`openapi.yaml: ${op.operationId}: x-sunset must be a date (YYYY-MM-DD)`);
    if (sunset) entry.Sunset = sunset.toUTCString();
    headers.set(op.operationId, entry);
  }
  return headers;
}

/** YAML loaders give a date either as a string or as a Date. */
function toDate(value: unknown): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date;
}
