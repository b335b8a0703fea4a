import type { LookupFunction } from 'node:net';
import type { Agent } from 'undici';
import {
  DestinationRefusedError,
  parseEndpoint,
  vetDestination,
  type GuardOptions,
  type LookupAll,
  type VettedDestination,
} from './destination-guard.js';

// Outbound HTTPS to every URL a developer chose: webhook deliveries (post) and anything else the
// service calls on a developer's behalf, such as OAuth token endpoints (exchange, and fetch for
// libraries that take one). One keep-alive undici Agent per destination (origin and vetted
// address), whose connect.lookup answers only with that vetted address, so the socket goes where
// the destination guard looked. Redirects are never followed (undici follows none unless told
// to), response bodies are bounded, and the whole exchange is bounded by one timeout.

export interface HttpClientOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Trust anchors for TLS instead of the defaults (tests: a throwaway CA). Production leaves it
   * unset: Node's default store already includes NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer;
  lookup?: LookupAll;
  /** How long a vetted resolution is reused (DNS answers are not re-checked more often). */
  resolveTtlMs?: number;
  /** Sockets per destination. */
  connections?: number;
  /** What the destinations are, at the start of refusal messages (default "The webhook endpoint"). */
  label?: string;
}

/** A request for exchange(): the body as bytes or text (URLSearchParams is sent as its text). */
export interface ExchangeRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | URLSearchParams | null;
  signal?: AbortSignal | null;
}

/** A complete response: the body is read to its end, at most MAX_RESPONSE_BYTES. */
export interface ExchangeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  remoteAddress: string;
}

/** Why an exchange that passed the guard produced no usable response (timeout, network, size). */
export class OutboundRequestError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboundRequestError';
  }
}

/** The subset of fetch that libraries taking a custom fetch call with. */
export type GuardedFetch = (
  input: string | URL,
  init?: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    signal?: AbortSignal | null;
  },
) => Promise<Response>;

export interface SendResult {
  ok: boolean;
  httpStatus: number | null;
  /** For failures: status code and the first 500 bytes of the body, or what went wrong. */
  errorMessage: string | null;
  /** Set when the destination guard refused to connect. */
  refusalReason: string | null;
  /** Whether a later attempt could succeed (false for a plain-http or malformed endpoint). */
  retryable: boolean;
  remoteAddress: string | null;
  durationMs: number;
  /** The receiver's Retry-After header on a failed response (the retry policy reads it on 429 and 503). */
  retryAfter?: string | null;
}

const BODY_EXCERPT_BYTES = 500;
/** Responses are read up to this many bytes; a longer body is cut off and its connection dropped. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_AGENTS = 512;
/** Statuses whose responses have no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** undici, loaded on the first outbound request: a process that never sends one (the API role) does not hold it. */
let undici: typeof import('undici') | undefined;
const loadUndici = async () => (undici ??= await import('undici'));

export class WebhookHttpClient {
  private readonly agents = new Map<string, Agent>();
  private readonly resolved = new Map<
    string,
    { at: number; destination: Promise<VettedDestination> }
  >();

  constructor(private readonly options: HttpClientOptions) {}

  /**
   * undici's own header and body timeouts, a second above the request's signal: only a backstop.
   * The signal (timeoutMs) is the one timeout. Equal to it, undici's coarse timers sometimes fired
   * first: a hanging receiver's attempt then read "Request failed: UND_ERR_HEADERS_TIMEOUT" (make
   * chaos, 2 of 288 attempts), and a 2xx whose body trickled past the timeout could count as delivered.
   */
  private backstop(): { headersTimeout: number; bodyTimeout: number } {
    return {
      headersTimeout: this.options.timeoutMs + 1000,
      bodyTimeout: this.options.timeoutMs + 1000,
    };
  }

  /**
   * POSTs the exact bytes given. Never throws: every outcome is a SendResult. `pool` names whose
   * sockets these are (a plugin's): requests of different pools to one origin never queue for
   * each other's sockets.
   */
  async post(
    endpoint: string,
    body: Buffer,
    headers: Record<string, string>,
    pool = '',
  ): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let destination: VettedDestination;
    try {
      destination = await this.resolve(endpoint);
    } catch (err) {
      if (err instanceof DestinationRefusedError) {
        return {
          ok: false,
          httpStatus: null,
          errorMessage: err.message,
          refusalReason: err.reason,
          retryable: err.retryable,
          remoteAddress: null,
          durationMs: elapsed(),
        };
      }
      throw err;
    }
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const { request, Agent } = undici ?? (await loadUndici());
    try {
      const response = await request(destination.url, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        body,
        dispatcher: this.agentFor(destination, Agent, pool),
        signal,
        ...this.backstop(),
      });
      const status = response.statusCode;
      if (status >= 200 && status < 300) {
        await response.body.dump({ limit: MAX_RESPONSE_BYTES }).catch(() => undefined);
        // A 2xx whose body does not end within the timeout (a trickle) is not an answer: the
        // receiver may not have finished with the event, so it is retried.
        if (signal.aborted) {
          return {
            ok: false,
            httpStatus: status,
            errorMessage: `HTTP ${status}, then timed out after ${this.options.timeoutMs} ms: the response body did not end`,
            refusalReason: null,
            retryable: true,
            remoteAddress: destination.address,
            durationMs: elapsed(),
          };
        }
        return {
          ok: true,
          httpStatus: status,
          errorMessage: null,
          refusalReason: null,
          retryable: false,
          remoteAddress: destination.address,
          durationMs: elapsed(),
        };
      }
      const excerpt = await readExcerpt(response.body);
      const note =
        status >= 300 && status < 400
          ? ' (redirects are not followed)'
          : status === 410
            ? ' (the receiver asked to stop: no further attempt)'
            : '';
      const cut = signal.aborted
        ? `, then timed out after ${this.options.timeoutMs} ms reading the body`
        : '';
      const retryAfter = response.headers['retry-after'];
      return {
        ok: false,
        httpStatus: status,
        errorMessage: `HTTP ${status}${note}${cut}: ${excerpt}`,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : (retryAfter ?? null),
        refusalReason: null,
        retryable: true,
        remoteAddress: destination.address,
        durationMs: elapsed(),
      };
    } catch (err) {
      const message = signal.aborted
        ? `Timed out after ${this.options.timeoutMs} ms`
        : `Request failed: ${describeError(err)}`;
      return {
        ok: false,
        httpStatus: null,
        errorMessage: message,
        refusalReason: null,
        retryable: true,
        remoteAddress: destination.address,
        durationMs: elapsed(),
      };
    }
  }

  /**
   * One request through the guard, returning the whole response (status, headers, body of at most
   * MAX_RESPONSE_BYTES). Redirects are returned, not followed. Throws DestinationRefusedError when
   * the guard refuses, OutboundRequestError on timeout, network failure or an oversized body.
   */
  async exchange(endpoint: string, init: ExchangeRequest): Promise<ExchangeResponse> {
    const destination = await this.resolve(endpoint);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : typeof init.body === 'string' || init.body instanceof URLSearchParams
          ? Buffer.from(String(init.body))
          : Buffer.from(init.body);
    const { request, Agent } = undici ?? (await loadUndici());
    try {
      const response = await request(destination.url, {
        method: init.method as 'POST',
        headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        body,
        dispatcher: this.agentFor(destination, Agent),
        signal,
        ...this.backstop(),
      });
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > MAX_RESPONSE_BYTES) {
          response.body.destroy();
          throw new OutboundRequestError(`The response body exceeds ${MAX_RESPONSE_BYTES} bytes.`);
        }
        chunks.push(chunk);
      }
      return {
        status: response.statusCode,
        headers: response.headers,
        body: Buffer.concat(chunks),
        remoteAddress: destination.address,
      };
    } catch (err) {
      if (err instanceof OutboundRequestError) throw err;
      if (timeout.aborted)
        throw new OutboundRequestError(`Timed out after ${this.options.timeoutMs} ms`, {
          cause: err,
        });
      throw new OutboundRequestError(`Request failed: ${describeError(err)}`, { cause: err });
    }
  }

  /**
   * A fetch built on exchange(), for libraries that accept a custom fetch: the same guard, pinning,
   * bounds and timeout, no redirects followed. Rejects as exchange() does.
   */
  readonly fetch: GuardedFetch = async (input, init = {}) => {
    const body = init.body;
    if (
      body !== undefined &&
      body !== null &&
      typeof body !== 'string' &&
      !(body instanceof URLSearchParams) &&
      !(body instanceof Uint8Array)
    ) {
      throw new TypeError('Only text, URLSearchParams and byte bodies are supported.');
    }
    const response = await this.exchange(String(input), {
      method: init.method ?? 'GET',
      headers: init.headers,
      body,
      signal: init.signal,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
        headers.append(name, one);
    }
    return new Response(
      NULL_BODY_STATUSES.has(response.status) ? null : new Uint8Array(response.body),
      { status: response.status, headers },
    );
  };

  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    this.resolved.clear();
    await Promise.allSettled(agents.map((agent) => agent.close()));
  }

  /** Vetted resolution, reused for resolveTtlMs so a busy destination is not resolved per request. */
  private resolve(endpoint: string): Promise<VettedDestination> {
    const url = parseEndpoint(endpoint, this.options.label);
    const key = url.host;
    const ttl = this.options.resolveTtlMs ?? 30_000;
    const cached = this.resolved.get(key);
    if (cached && performance.now() - cached.at < ttl) {
      return cached.destination.then((d) => ({ ...d, url }));
    }
    const guard: GuardOptions = {
      allowPrivate: this.options.allowPrivate,
      lookup: this.options.lookup,
    };
    const destination = vetDestination(url, guard);
    this.resolved.set(key, { at: performance.now(), destination });
    destination.catch(() => this.resolved.delete(key));
    if (this.resolved.size > MAX_AGENTS) this.resolved.delete(this.resolved.keys().next().value!);
    return destination.then((d) => ({ ...d, url }));
  }

  private agentFor(
    destination: VettedDestination,
    Agent: typeof import('undici').Agent,
    pool = '',
  ): Agent {
    const key = `${destination.url.origin}|${destination.address}|${pool}`;
    let agent = this.agents.get(key);
    if (agent) {
      // Map order doubles as recency order for eviction.
      this.agents.delete(key);
      this.agents.set(key, agent);
      return agent;
    }
    agent = new Agent({
      keepAliveTimeout: 30_000,
      connections: this.options.connections ?? 32,
      connect: {
        timeout: this.options.timeoutMs,
        lookup: pinnedLookup(destination.address, destination.family),
        ...(this.options.ca ? { ca: this.options.ca } : {}),
      },
    });
    this.agents.set(key, agent);
    if (this.agents.size > MAX_AGENTS) {
      const [oldestKey, oldest] = this.agents.entries().next().value!;
      this.agents.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
    return agent;
  }
}

/** A dns.lookup replacement that answers every query with the one vetted address. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all =
      typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    if (all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as LookupFunction;
}

/**
 * The first 500 bytes of an error body (what the log keeps). A body that ends by then is read to
 * its end, so the keep-alive connection can be reused; a longer one is cut off there and its
 * connection dropped: an endless or huge body costs no more than that.
 */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  try {
    for await (const chunk of body) {
      if (kept < BODY_EXCERPT_BYTES) {
        chunks.push(chunk);
        kept += chunk.length;
      }
      total += chunk.length;
      if (total >= BODY_EXCERPT_BYTES) break;
    }
  } catch {
    // A body that breaks off still leaves what was read.
  }
  body.destroy();
  return toText(Buffer.concat(chunks).subarray(0, BODY_EXCERPT_BYTES));
}

/** UTF-8 text safe for a PostgreSQL text column (no NUL), without a split trailing character. */
export function toText(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/\uFFFD$/, '')
    .replace(/\u0000/g, '');
}

function describeError(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? e.code;
  const message = e.cause?.message ?? e.message ?? String(err);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
