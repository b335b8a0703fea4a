import type { Operation } from '../generated/devcli.generated.js';
import { SseReader } from './sse.js';

// The svc CLI's connection to a platform (credentials.ts: where it is, the developer key): the two calls it
// makes (GraphQL requests, and a GraphQL subscription read as Server-Sent Events). Nothing here
// reaches past the public GraphQL and REST surfaces. Each takes one of svc's typed operations
// (operations.graphql, mcp/operations.graphql; src/generated/devcli.generated.ts): its variables
// and its result are the SDL's types, checked when the operation is generated.

export type { Operation };

export interface Credentials {
  baseUrl: string;
  apiKey: string;
  /**
   * false: a rate limit is answered at once (svc mcp: an assistant's client gives up on a tool
   * call after 60 s, and the assistant can wait and ask again). Otherwise svc waits it out.
   */
  waitOnRateLimit?: boolean;
}

export class CliError extends Error {
  /** `code`: the platform's error code when the platform refused (not_found, validation_error, ...). */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

interface GraphQLResponse<T> {
  data?: T;
  errors?: {
    message: string;
    extensions?: { code?: string; details?: Record<string, string[]> };
  }[];
}

interface GraphQLOptions {
  /** false: a rate limit is an error at once. */
  retry?: boolean;
  /** A root field the portal answers not_found is null (a request asking for several things at once). */
  notFoundAsNull?: boolean;
}

/**
 * One GraphQL request; a GraphQL or HTTP error becomes a one-line CliError. Over a rate limit it
 * waits as long as the platform asks (up to a minute, said on stderr) and tries once more.
 */
export async function graphql<T, V>(
  credentials: Credentials,
  query: Operation<T, V>,
  variables: NoInfer<V>,
  options: GraphQLOptions = {},
): Promise<T> {
  if (options.retry === false || credentials.waitOnRateLimit === false)
    return graphqlOnce<T>(credentials, query, variables, options);
  try {
    return await graphqlOnce<T>(credentials, query, variables, options);
  } catch (err) {
    const wait = err instanceof CliError ? err.retryAfterSeconds : undefined;
    if (wait === undefined || wait > 60) throw err;
    process.stderr.write(`svc: rate limited by the platform; retrying in ${wait} s\n`);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    return graphqlOnce<T>(credentials, query, variables, options);
  }
}

async function graphqlOnce<T>(
  credentials: Credentials,
  query: string,
  variables: unknown,
  options: GraphQLOptions,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${credentials.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${credentials.apiKey}`,
      },
      body: JSON.stringify({ query, variables }),
    });
  } catch (err) {
    throw new CliError(`cannot reach ${credentials.baseUrl}: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => ({}))) as GraphQLResponse<T> & {
    error?: string;
    message?: string;
  };
  const retryAfter = Number(res.headers.get('retry-after')) || undefined;
  const errors = body.errors?.filter(
    (e) => !(options.notFoundAsNull && body.data && e.extensions?.code === 'not_found'),
  );
  if (errors?.length) {
    const [first] = errors;
    // A validation error names each field and its problem: what the developer has to change.
    const details = first!.extensions?.details;
    const named = details
      ? ` (${Object.entries(details)
          .map(([field, problems]) => `${field}: ${problems.join(', ')}`)
          .join('; ')})`
      : '';
    const code = first!.extensions?.code;
    throw new CliError(
      `${code ?? 'error'}: ${first!.message}${named}`,
      code === 'rate_limit_exceeded' ? (retryAfter ?? 60) : undefined,
      code,
    );
  }
  if (!res.ok || !body.data)
    throw new CliError(
      `${body.error ?? `HTTP ${res.status}`}: ${body.message ?? 'the request failed'}`,
      res.status === 429 ? (retryAfter ?? 60) : undefined,
      body.error,
    );
  return body.data;
}

/**
 * A GraphQL subscription over Server-Sent Events: yields each `next` payload's data until the
 * server completes the stream or the connection drops (then it returns; the caller reconnects).
 */
export async function* subscribe<T, V>(
  credentials: Credentials,
  query: Operation<T, V>,
  variables: NoInfer<V>,
  signal?: AbortSignal,
): AsyncGenerator<T> {
  const res = await fetch(`${credentials.baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${credentials.apiKey}`,
    },
    body: JSON.stringify({ query, variables }),
    signal,
  });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    let detail = text;
    try {
      const parsed = JSON.parse(text) as {
        error?: string;
        message?: string;
        errors?: { message: string; extensions?: { code?: string } }[];
      };
      detail = parsed.errors?.[0]
        ? `${parsed.errors[0].extensions?.code ?? 'error'}: ${parsed.errors[0].message}`
        : `${parsed.error}: ${parsed.message}`;
    } catch {
      // not JSON
    }
    throw new CliError(`the stream was refused (HTTP ${res.status}) ${detail}`.trim());
  }
  const decoder = new TextDecoder();
  const reader = new SseReader();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    for (const { event, data } of reader.push(decoder.decode(chunk, { stream: true }))) {
      if (event === 'complete') return;
      if (!data) continue;
      const payload = JSON.parse(data) as GraphQLResponse<T>;
      if (payload.errors?.length)
        throw new CliError(
          `${payload.errors[0]!.extensions?.code ?? 'error'}: ${payload.errors[0]!.message}`,
        );
      if (payload.data) yield payload.data;
    }
  }
}
