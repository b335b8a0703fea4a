import type { Request, Response } from 'express';
import type { Config } from '../config.js';

// The dashboard's browser session: the portal session (the same JWT as logIn's token) in a
// cookie no page script can read (HttpOnly), sent only by pages of this site (SameSite=Strict).
// The gate honours it only on a JSON POST that also carries DASHBOARD_HEADER: a page of another
// site can send neither without a CORS preflight, which this origin refuses, so a cross-site form
// or fetch carrying only the cookie runs as anonymous.
//
// Served over https (BASE_URL https), the cookie is `__Host-` prefixed (security review 4,
// finding 12): browsers take such a cookie only from a secure origin, with Path=/ and no Domain,
// so a sibling subdomain cannot plant one, and the unprefixed name is then never read. Over plain
// http (local development, the browser tests) a browser would refuse a Secure cookie, so the
// cookie keeps its plain name, limited to /graphql.

export const SESSION_COOKIE = 'svc_dashboard_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const DASHBOARD_HEADER = 'x-svc-dashboard';

/** What a resolver may do with the browser session of the request it serves. */
export interface SessionCookieControl {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

const servedOverHttps = (config: Pick<Config, 'baseUrl'>) =>
  new URL(config.baseUrl).protocol === 'https:';

/** The cookie's name and attributes, which depend on the scheme the service is served with. */
function cookieShape(config: Pick<Config, 'baseUrl'>): { name: string; attributes: string[] } {
  return servedOverHttps(config)
    ? {
        name: SECURE_SESSION_COOKIE,
        attributes: ['Path=/', 'HttpOnly', 'SameSite=Strict', 'Secure'],
      }
    : { name: SESSION_COOKIE, attributes: ['Path=/graphql', 'HttpOnly', 'SameSite=Strict'] };
}

/** Whether the request comes from the dashboard (its header): only then is the cookie read or set. */
export function isDashboardRequest(req: Request): boolean {
  return req.headers[DASHBOARD_HEADER] === '1';
}

/** The session cookie's token, when the request may be authenticated by it. */
export function sessionCookieToken(
  req: Request,
  config: Pick<Config, 'baseUrl'>,
): string | undefined {
  if (req.method !== 'POST' || !isDashboardRequest(req)) return undefined;
  const { name: wanted } = cookieShape(config);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === wanted && value.length > 0) return value.join('=');
  }
  return undefined;
}

export function sessionCookieControl(config: Config, res: Response): SessionCookieControl {
  const { name, attributes } = cookieShape(config);
  const cookie = (value: string, maxAgeSeconds: number) =>
    [`${name}=${value}`, `Max-Age=${maxAgeSeconds}`, ...attributes].join('; ');
  return {
    set: (token, expiresAt) => {
      const seconds = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      res.append('Set-Cookie', cookie(token, seconds));
    },
    clear: () => res.append('Set-Cookie', cookie('', 0)),
  };
}
