import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './api.js';

export type DataApi = Client<paths>;
export type Order = components['schemas']['Order'];
type ApiErrorBody = components['schemas']['Error'];

/**
 * The dated API version this client's types were generated from (openapi.yaml of 2026-11-29): it
 * names it on every request, so the answers keep these shapes whatever the plugin is pinned to.
 */
export const API_VERSION = '2026-11-29';

/** A Data API client for one installation: its key and API version on every request, 429s waited out. */
export function createDataApi(options: {
  baseUrl: string;
  apiKey: string;
  maxRetries?: number;
}): DataApi {
  return createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/api/plugin/v1`,
    headers: { 'X-Plugin-Api-Key': options.apiKey, 'X-Svc-Api-Version': API_VERSION },
    fetch: retryAfter429(options.maxRetries ?? 3),
  });
}

/**
 * Every installation has one bucket of 60 requests a minute. Over it the API answers 429 with
 * `Retry-After` (seconds): wait that long and send the same request again.
 */
function retryAfter429(maxRetries: number) {
  return async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(request.clone());
      if (response.status !== 429 || attempt >= maxRetries) return response;
      const seconds = Number(response.headers.get('Retry-After') ?? '1');
      console.warn(
        `  429 rate_limit_exceeded: ${request.method} ${new URL(request.url).pathname} again in ${seconds}s`,
      );
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
    readonly requestId: string | null,
  ) {
    super(
      `${status} ${body?.error ?? ''}: ${body?.message ?? JSON.stringify(body)} (X-Request-Id ${requestId})`,
    );
  }
}

/** The data of a successful call, or an ApiError with the error code, message and request id. */
export async function must<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<{ data: T; status: number }> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined)
    throw new ApiError(
      response.status,
      error as ApiErrorBody,
      response.headers.get('X-Request-Id'),
    );
  return { data, status: response.status };
}
