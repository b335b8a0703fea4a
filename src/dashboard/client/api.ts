import type { Operation } from '../../generated/dashboard.generated';

// The dashboard's only way to the server: the portal's GraphQL, as a script would call it, with
// the header that lets the gate read the session cookie (src/portal/session-cookie.ts).

/** An error as the page shows it: the server's message, its code and the request's id. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly requestId: string | null,
    readonly details: Record<string, string[]> = {},
    readonly retryAfterSeconds: number | null = null,
    readonly status = 200,
  ) {
    super(message);
  }

  /** Set by the page that waits out the refusal and asks again by itself (useQuery). */
  retrying = false;
}

/** The seconds to wait before asking again when the server refused for now (rate limit, 503); null otherwise. */
export const retryAfterOf = (err: unknown): number | null =>
  err instanceof ApiError &&
  err.retryAfterSeconds !== null &&
  (err.status === 429 || err.status === 503)
    ? err.retryAfterSeconds
    : null;

interface GraphQLResponse<R> {
  data?: R | null;
  errors?: {
    message: string;
    extensions?: { code?: string; details?: Record<string, string[]> };
  }[];
}

export async function gql<R, V>(document: Operation<R, V>, variables?: V): Promise<R> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Svc-Dashboard': '1',
      },
      body: JSON.stringify({ query: document, variables: variables ?? {} }),
    });
  } catch {
    throw new ApiError(
      'The server could not be reached. Check your connection and try again.',
      'network_error',
      null,
    );
  }
  const requestId = response.headers.get('X-Request-Id');
  const body = (await response.json().catch(() => ({}))) as GraphQLResponse<R> & {
    error?: string;
    message?: string;
    request_id?: string;
    retry_after?: number;
    details?: Record<string, string[]>;
  };
  if (!response.ok && typeof body.error === 'string') {
    const retry = body.retry_after ?? (Number(response.headers.get('Retry-After')) || null);
    throw new ApiError(
      body.message ?? body.error,
      body.error,
      body.request_id ?? requestId,
      body.details ?? {},
      retry,
      response.status,
    );
  }
  const first = body.errors?.[0];
  if (first) {
    throw new ApiError(
      first.message,
      first.extensions?.code ?? 'error',
      requestId,
      first.extensions?.details ?? {},
      null,
      response.status,
    );
  }
  if (!body.data)
    throw new ApiError(
      `Unexpected answer (HTTP ${response.status}).`,
      'internal_error',
      requestId,
      {},
      null,
      response.status,
    );
  return body.data;
}

/** Whether the error means "not signed in" (the page shows the log-in form). */
export const isSignedOut = (err: unknown) =>
  err instanceof ApiError &&
  (err.status === 401 ||
    err.code === 'authentication_failed' ||
    err.code === 'authentication_required');
