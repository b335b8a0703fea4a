import type { IncomingMessage } from 'node:http';
import {
  admitInstallation,
  requireFeature,
  type InstallationContext,
  type RateLimitState,
} from '../domain/installations/index.js';
import { RateLimitedError } from '../domain/shared/index.js';
import { INBOUND_CEILING, verifyInboundSignature } from '../domain/webhooks/index.js';
import type { OperationId } from '../generated/operations.generated.js';
import type { ApiVersionInfo } from '../domain/api-versions/index.js';
import type { BodyRequest } from '../http/exchange.js';
import type { ApiDeps, ApiRequest } from './types.js';

// The credentials pipeline of the Data API, for the operations under the `PluginApiKey` security
// requirement: it sees only routes that exist and runs before request validation.
//   1. admission: key lookup, the installation's rate limit, a route's own ceiling (inbound
//      webhooks, 600/min) and the sandbox's idle clock, in ONE statement (admitInstallation)
//   2. capability gate: the spec's "Capability gating" table
//   3. inbound webhooks: the signature over the raw bytes, before validation (a bad signature is
//      a logged 401 invalid_signature whatever the body)

/** What one Data API request carries through the router. */
export interface Exchange {
  req: BodyRequest;
  requestId: string;
  /** The client's address (X-Forwarded-For only from a trusted proxy, see SVC_TRUST_PROXY). */
  ip: string;
  /** Set by admission (or by its 429): the rate-limit headers of the response. */
  rateLimit?: RateLimitState;
  request?: ApiRequest<OperationId>;
  /** The dated version it is answered in, once resolved (router.ts); the newest until then. */
  apiVersion?: ApiVersionInfo;
  /** The operation routed to, once known. */
  operationId?: OperationId;
  /** The installation the key belongs to, once known (even when it is then refused): the request log's. */
  installationId?: number;
  /**
   * Admission let the request through its rate limit (active installation, bucket not exhausted).
   * The request log keeps a refused one without bodies, sampled (request-log.ts).
   */
  admitted?: boolean;
}

/** Capabilities that gate an operation (the spec's "Capability gating" table). */
const CAPABILITIES: Partial<Record<OperationId, 'orders:create' | 'payments:capture'>> = {
  createOrder: 'orders:create',
  captureOrderPayment: 'payments:capture',
};

/** The `PluginApiKey` requirement: admits the caller or throws the spec's error. */
export function pluginApiKeyHandler(deps: ApiDeps) {
  return async (operationId: OperationId, ex: Exchange): Promise<void> => {
    const inbound = operationId === 'receiveExternalWebhook';
    let auth: InstallationContext;
    try {
      ({ auth, rateLimit: ex.rateLimit } = await admitInstallation(
        deps.db,
        deps.events,
        header(ex.req, 'x-plugin-api-key'),
        {
          perMinute: deps.config.rateLimitPerMinute,
          route: inbound ? INBOUND_CEILING : undefined,
        },
        (installationId) => {
          ex.installationId = installationId;
        },
      ));
    } catch (err) {
      if (err instanceof RateLimitedError)
        ex.rateLimit = { limit: err.limit, remaining: 0, retryAfterSeconds: err.retryAfterSeconds };
      throw err;
    }
    ex.admitted = true;
    const feature = CAPABILITIES[operationId];
    if (feature) requireFeature(auth, feature);
    if (inbound) {
      await verifyInboundSignature(deps.db, deps.config, auth, {
        rawBody: ex.req.rawBody,
        signature: header(ex.req, 'x-svc-signature'),
        body: ex.req.body,
      });
    }
    // Events this request's writes emit carry its id (the envelope's request_id).
    auth.requestId = ex.requestId;
    ex.request = { auth } as ApiRequest<OperationId>;
  };
}

export { rateLimitHeaders } from '../http/rate-limit-headers.js';

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
