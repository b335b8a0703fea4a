import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { readFileSync } from 'node:fs';
import { buildSchema, GraphQLError, type GraphQLSchema } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import type { Config } from '../config.js';
import { renderGraphiQL } from '../docs/graphiql.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { consumeRateLimit, type RateLimitState } from '../domain/installations/index.js';
import {
  DomainError,
  NotFoundError,
  RateLimitedError,
  asUnavailable,
} from '../domain/shared/index.js';
import type { Metrics } from '../observability/metrics.js';
import { rateLimitHeaders } from '../http/rate-limit-headers.js';
import {
  httpError,
  HttpResponseError,
  sendError,
  toErrorResponse,
} from '../http/error-response.js';
import { authenticatePortalRequest, stillAuthenticated, type PortalAuth } from './auth.js';
import { isDashboardRequest, sessionCookieControl, sessionCookieToken } from './session-cookie.js';
import type { PortalContext } from './context.js';
import { checkDocumentLimits, documentLimitPlugins } from './limits.js';
import { hotDocumentsJit } from './jit.js';
import {
  authorize,
  readPortalPolicy,
  requestedOperation,
  type PortalPolicy,
  type RequestedOperation,
} from './policy.js';
import { RecentlyUsed } from '../lib/recently-used.js';
import { portalResolvers } from './resolvers/index.js';
import { StreamSlots, type EventSink, type JobQueue } from '../domain/webhooks/index.js';
import type pg from 'pg';
import { ConnectionShares } from './connection-shares.js';
import { ResponseBudget } from './response-budget.js';
import type { ApiVersions } from '../domain/api-versions/index.js';
import { footprintSource } from '../domain/api-upgrades/index.js';

export const PORTAL_PATH = '/graphql';

const SDL_URL = new URL('./schema.graphql', import.meta.url);

/**
 * The live schema, from the SDL file (the contract of this surface) and its resolvers, and the
 * access policy its directives declare, read once here for both the gate and the resolvers' guard.
 */
export function buildPortal(): { schema: GraphQLSchema; policy: PortalPolicy } {
  const typeDefs = readFileSync(SDL_URL, 'utf8');
  const policy = readPortalPolicy(buildSchema(typeDefs));
  return {
    schema: createSchema<PortalContext>({ typeDefs, resolvers: portalResolvers(policy) }),
    policy,
  };
}

export function buildPortalSchema(): GraphQLSchema {
  return buildPortal().schema;
}

type PortalRequest = Request & {
  portalAuth?: PortalAuth;
  /** Rate-limit buckets the gate charged for this request's first execution of their fields. */
  portalPrepaid?: Set<string>;
};

export interface PortalDeps {
  db: Db;
  logger: Logger;
  events: EventSink;
  /** The webhook queue, for the tester's deliveries. */
  queue: JobQueue;
  /** Counts the gate's 429s. */
  metrics?: Pick<Metrics, 'countRateLimited'>;
  /** The pool under `db`: each developer's portal work holds at most a share of it (connection-shares.ts). */
  pool?: pg.Pool;
  /** The dated API versions (apiVersions, the pins' checks). */
  apiVersions: ApiVersions;
}

/** Connections one developer's portal requests may hold at once: a quarter of the pool (at least 2). */
export const developerShareOf = (poolSize: number): number => Math.max(2, Math.floor(poolSize / 4));

/**
 * The developer portal at /graphql: a gate that authenticates the caller and applies the policy
 * with HTTP statuses and the spec's error body (nothing executes when it refuses), then
 * graphql-yoga (GraphiQL in a browser).
 */
export function createPortal(config: Config, deps: PortalDeps): Router {
  const { schema, policy } = buildPortal();
  const streams = new StreamSlots(config.streamsPerProcess);
  const apiFootprints = footprintSource();
  const shares =
    deps.pool &&
    new ConnectionShares(
      deps.pool,
      developerShareOf(config.databasePoolSize),
      config.databaseTimeouts.acquireMs,
    );
  const yoga = createYoga<{ req: PortalRequest; res: Response }, PortalContext>({
    schema,
    graphqlEndpoint: PORTAL_PATH,
    landingPage: false,
    multipart: false,
    // GraphiQL is served from this origin; no other origin is allowed, and never with credentials.
    cors: {
      origin: new URL(config.baseUrl).origin,
      credentials: false,
      methods: ['GET', 'POST'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept'],
      exposedHeaders: [
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'RateLimit-Policy',
        'RateLimit',
        'X-Request-Id',
      ],
    },
    plugins: [...documentLimitPlugins(), hotDocumentsJit()],
    graphiql: { title: 'Developer portal', defaultQuery: GRAPHIQL_QUERY },
    // Served from this server (yoga's default page loads GraphiQL from a CDN).
    renderGraphiQL,
    maskedErrors: { maskError: (error) => toGraphQLError(error, deps.logger) },
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => deps.logger.warn({ detail: args.map(String) }, 'graphql-yoga'),
      // Resolver errors reach yoga's log too; toGraphQLError has mapped them (expected) or logged them.
      error: (...args: unknown[]) => {
        if (args.length === 1 && args[0] instanceof GraphQLError) return;
        deps.logger.error({ err: args[0], detail: args.slice(1).map(String) }, 'graphql-yoga');
      },
    },
    context: ({ req, res, request }) => ({
      signal: request.signal,
      db: deps.db,
      events: deps.events,
      queue: deps.queue,
      apiVersions: deps.apiVersions,
      apiFootprints,
      config,
      logger: deps.logger,
      principal: req.portalAuth?.principal ?? null,
      ip: req.ip ?? '',
      prepaid: new Set(req.portalPrepaid),
      streams,
      responseBudget: new ResponseBudget(),
      stillAuthenticated: async () => {
        const principal = req.portalAuth?.principal;
        // The dashboard's session arrives as its cookie; it is re-checked like a bearer token.
        const cookie = sessionCookieToken(req, config);
        const authorization =
          req.headers.authorization ?? (cookie ? `Bearer ${cookie}` : undefined);
        return principal ? stillAuthenticated(deps.db, config, principal, authorization) : false;
      },
      ...(isDashboardRequest(req) ? { sessionCookie: sessionCookieControl(config, res) } : {}),
    }),
  });

  const router = express.Router();
  router.all(PORTAL_PATH, gate(config, deps, policy), (req: PortalRequest, res: Response) => {
    const developerId = req.portalAuth?.principal?.developerId;
    if (shares && developerId !== undefined)
      shares.run(developerId, () => void yoga.requestListener(req, res));
    else void yoga.requestListener(req, res);
  });
  return router;
}

/** Credentials, IP allowlist, per-key and per-IP rate limits, and the field policy, before GraphQL. */
function gate(config: Config, deps: PortalDeps, policy: PortalPolicy) {
  return async (req: PortalRequest, res: Response, next: NextFunction) => {
    try {
      // JSON only (and GET for queries): every request the policy pre-check can read is one
      // GraphQL runs; another body type (application/graphql, forms) would slip past it.
      if (req.method === 'POST' && !req.is(['application/json', 'application/*+json'])) {
        throw new HttpResponseError(
          httpError(
            415,
            'unsupported_media_type',
            'Send the GraphQL request as JSON with Content-Type: application/json.',
          ),
        );
      }
      const ip = req.ip ?? '';
      const auth = await authenticatePortalRequest(deps.db, config, {
        authorization: req.headers.authorization,
        sessionCookie: sessionCookieToken(req, config),
        pluginApiKey: header(req, 'x-plugin-api-key'),
        ip,
      });
      if (auth.rateLimit) setRateLimitHeaders(res, auth.rateLimit);
      const params = (req.method === 'GET' ? req.query : req.body) as unknown;
      if (req.method === 'POST' && !isGraphQLRequest(params)) {
        throw new HttpResponseError(
          httpError(
            400,
            'validation_error',
            'Send one GraphQL request: {"query": ..., "variables"?: {...}, "operationName"?: ...}.',
            {
              query: ['is required (a string); batches are not supported'],
            },
          ),
        );
      }
      // A browser navigation gets the GraphiQL page, which executes nothing (shared ?query= links).
      const graphiql = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
      // Size, tokens and nesting before anything parses the document (this gate's pre-check included).
      const requested =
        isGraphQLRequest(params) && !graphiql
          ? readDocument(params.query, params.operationName)
          : undefined;
      const prepaid = new Set<string>();
      if (requested) {
        for (const field of requested.fields)
          authorize(auth.principal, policy.access(requested.operation, field), field);
        // A spent bucket refuses the whole request with 429 here. The first execution of each
        // bucket's fields is charged now; every further one (aliases) is charged as it runs and
        // fails on its own past the limit (src/portal/resolvers/index.ts).
        for (const field of requested.fields) {
          const rateLimit = policy.rateLimit(requested.operation, field, ip);
          if (!rateLimit || prepaid.has(rateLimit.bucket)) continue;
          await consumeRateLimit(deps.db, rateLimit.bucket, rateLimit.limit);
          prepaid.add(rateLimit.bucket);
        }
      }
      req.portalAuth = auth;
      req.portalPrepaid = prepaid;
      next();
    } catch (err) {
      const response = toErrorResponse(err);
      if (!(err instanceof DomainError || err instanceof HttpResponseError)) {
        deps.logger.error({ err }, 'unhandled error in the portal gate');
      }
      if (err instanceof RateLimitedError) deps.metrics?.countRateLimited('portal');
      if (err instanceof RateLimitedError)
        setRateLimitHeaders(res, {
          limit: err.limit,
          remaining: 0,
          retryAfterSeconds: err.retryAfterSeconds,
        });
      if (response.status === 401)
        res.setHeader('WWW-Authenticate', 'Bearer realm="developer-portal"');
      sendError(res, response, config.baseUrl);
    }
  };
}

/**
 * Errors inside GraphQL: a domain error becomes `extensions.code` (the spec's snake_case code)
 * with its details, mapped by the same function as the Data API's bodies. GraphQL's own errors
 * (syntax, validation, variables) pass as they are. Anything else is logged and masked.
 */
function toGraphQLError(error: unknown, logger: Logger): Error {
  const located = error instanceof GraphQLError ? error : undefined;
  const thrown = located ? located.originalError : error;
  // A lost database connection inside a resolver: service_unavailable, as on every door.
  const original = asUnavailable(thrown) ?? thrown;
  if (located && (original === undefined || original instanceof GraphQLError)) return located;
  // Source and positions too: an error of graphql-jit has no nodes (src/portal/jit.ts).
  const position = {
    nodes: located?.nodes,
    source: located?.source,
    positions: located?.positions,
    path: located?.path,
  };
  // The Data API answers an unknown order, menu item or location with a bare sentence; here every
  // absent resource has the code not_found.
  if (original instanceof NotFoundError) {
    return new GraphQLError(original.message, { ...position, extensions: { code: 'not_found' } });
  }
  if (original instanceof DomainError || original instanceof HttpResponseError) {
    const { error: code, message, ...rest } = toErrorResponse(original).body;
    return new GraphQLError(String(message ?? code), {
      ...position,
      extensions: { code, ...rest },
    });
  }
  logger.error({ err: original }, 'unhandled error in a portal resolver');
  return new GraphQLError('An unexpected error occurred.', {
    ...position,
    extensions: { code: 'internal_error' },
  });
}

/** Documents the gate read last (limits within bounds, the root fields): clients send the same few again and again. */
const documentsRead = new RecentlyUsed<string, { requested: RequestedOperation | undefined }>(256);
/** Only documents up to this size are kept (256 of them: at most 2 MB). */
const KEPT_DOCUMENT_CHARACTERS = 4096;

/**
 * The gate's reading of a document: its size, tokens and nesting within DOCUMENT_LIMITS (before
 * anything parses it: throws otherwise), then the root fields of the operation it would run.
 */
function readDocument(query: string, operationName: unknown): RequestedOperation | undefined {
  const name = typeof operationName === 'string' ? operationName : '';
  const key = `${name.length}:${name}:${query}`;
  const known = documentsRead.get(key);
  if (known) return known.requested;
  checkDocumentLimits(query);
  const requested = requestedOperation(query, operationName);
  if (query.length <= KEPT_DOCUMENT_CHARACTERS) documentsRead.set(key, { requested });
  return requested;
}

function isGraphQLRequest(params: unknown): params is { query: string; operationName?: unknown } {
  return (
    typeof params === 'object' &&
    params !== null &&
    !Array.isArray(params) &&
    typeof (params as { query?: unknown }).query === 'string'
  );
}

function setRateLimitHeaders(res: Response, state: RateLimitState): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) res.setHeader(name, value);
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const GRAPHIQL_QUERY = `# Log in (or signUp), then set the header  {"Authorization": "Bearer <token>"}
mutation LogIn {
  logIn(email: "demo-developer@example.com", password: "see make run's banner") {
    token
    expiresAt
  }
}

query Projects {
  myDeveloperProjects {
    id
    name
    plugins { id name listingStatus }
  }
}
`;
