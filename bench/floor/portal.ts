// The floor of the portal's first pages (webhookLogs, apiRequests): the session token checked with
// one HMAC, the developer read, the ownership check and the page, with the service's statements;
// no GraphQL engine (the query is matched, not parsed) and, as for the key lookup of the Data API's
// floor, no rate-limit write. bench/floor/graphql.ts runs the same statements under graphql-js.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { query, send } from './common.js';

const jwtSecret = Buffer.from(process.env.SVC_JWT_SECRET ?? '', 'base64');

const SQL = {
  developer:
    'select "developer_id", "email", "name", "role", "agreement_version", "agreement_accepted_at", "created_at" from "control"."developers" where "developer_id" = $1',
  owned: `select "i"."installation_id", "i"."plugin_id", "i"."status", "i"."plane" from "control"."installations" as "i"
            inner join "control"."plugins" as "p" on "p"."plugin_id" = "i"."plugin_id" inner join "control"."projects" as "pr" on "pr"."project_id" = "p"."project_id"
            left join "control"."sandboxes" as "s" on "s"."sandbox_id" = "i"."sandbox_id"
           where "i"."installation_id" = $1 and "pr"."developer_id" = $2 and "p"."listing_status" <> 'deleted' and ("s"."sandbox_id" is null or "s"."status" <> 'deleted')`,
  // The service's order, newest first by time, then id (src/db/time-keyset.ts), and its cursor's time.
  webhookLogs:
    'select *, (extract(epoch from created_at) * 1000000)::bigint as cursor_at from "control"."webhook_logs" where "installation_id" = $1 order by "created_at" desc, "log_id" desc limit $2',
  apiRequests:
    'select *, (extract(epoch from created_at) * 1000000)::bigint as cursor_at from "control"."api_requests" where "installation_id" = $1 order by "created_at" desc, "api_request_id" desc limit $2',
};

type Row = Record<string, unknown>;
const VIEWS: Record<'webhookLogs' | 'apiRequests', (r: Row) => Row> = {
  webhookLogs: (r: Row) => ({
    id: String(r.log_id),
    installationId: String(r.installation_id),
    direction: r.direction,
    eventType: r.event_type,
    eventId: r.event_id,
    status: r.status,
    httpStatus: r.http_status,
    errorMessage: r.error_message,
    attempts: r.attempts,
    durationMs: r.duration_ms,
    sequence: r.sequence,
    createdAt: r.created_at as Date, // JSON.stringify (or the DateTime scalar) writes its ISO form
  }),
  apiRequests: (r: Row) => ({
    id: String(r.api_request_id),
    installationId: String(r.installation_id),
    createdAt: r.created_at as Date, // JSON.stringify (or the DateTime scalar) writes its ISO form
    method: r.method,
    path: r.path,
    operationId: r.operation_id,
    status: r.status,
    errorCode: r.error_code,
    durationMs: r.duration_ms,
    requestId: r.request_id,
  }),
};
const CURSOR_KEY = { webhookLogs: 'log_id', apiRequests: 'api_request_id' } as const;
const FIRST_PAGE = /\{\s*(webhookLogs|apiRequests)\(installationId: \$installationId\)/;

/** A first page as the portal answers it: the nodes and the page's end. */
export interface FirstPage {
  nodes: Row[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** The developer of a valid HS256 session token (issuer, audience and expiry checked), or null. */
export function sessionDeveloper(authorization: string | undefined): number | null {
  const [header, payload, signature] = (authorization?.replace(/^Bearer /, '') ?? '').split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', jwtSecret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    sub: string;
    exp: number;
    iss: string;
    aud: string;
  };
  return claims.iss === 'svc-portal' &&
    claims.aud === 'svc-portal' &&
    claims.exp * 1000 > Date.now()
    ? Number(claims.sub)
    : null;
}

/**
 * The first page of `field` of one of the developer's installations, with the service's statements
 * (the developer, the ownership check, the page): 'unauthenticated' when the developer is gone,
 * null when the installation is not theirs.
 */
export async function firstPage(
  developerId: number,
  field: keyof typeof VIEWS,
  installationId: number,
): Promise<FirstPage | 'unauthenticated' | null> {
  const {
    rows: [developer],
  } = await query('floor_portal_developer', SQL.developer, [developerId]);
  if (!developer) return 'unauthenticated';
  const {
    rows: [owned],
  } = await query('floor_portal_owned', SQL.owned, [installationId, developerId]);
  if (!owned) return null;
  const first = 20;
  const { rows } = await query(`floor_portal_${field}`, SQL[field], [installationId, first + 1]);
  const page = rows.slice(0, first);
  const last = page.at(-1);
  const endCursor = last
    ? Buffer.from(
        JSON.stringify([Number(last.cursor_at), Number(last[CURSOR_KEY[field]])]),
      ).toString('base64url')
    : null;
  return {
    nodes: page.map(VIEWS[field]),
    pageInfo: { hasNextPage: rows.length > first, endCursor },
  };
}

export async function portal(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
): Promise<void> {
  const developerId = sessionDeveloper(req.headers.authorization);
  if (developerId === null)
    return send(res, 401, { errors: [{ message: 'authentication_failed' }] });
  const request = JSON.parse(body.toString('utf8')) as {
    query: string;
    variables?: { installationId?: string };
  };
  const match = FIRST_PAGE.exec(request.query);
  if (!match)
    return send(res, 400, {
      errors: [{ message: 'the floor serves the first pages of webhookLogs and apiRequests only' }],
    });
  const field = match[1] as keyof typeof VIEWS;
  const page = await firstPage(developerId, field, Number(request.variables?.installationId));
  if (page === 'unauthenticated')
    return send(res, 401, { errors: [{ message: 'authentication_failed' }] });
  if (!page) return send(res, 200, { errors: [{ message: 'not_found' }], data: null });
  send(res, 200, { data: { [field]: page } });
}
