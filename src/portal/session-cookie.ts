import type { Request, Response } from 'express';
import type { Config } from '../config.js';

// The dashboard's browser session: the portal session (the same JWT as logIn's token) in a
// cookie no page script can read (HttpOnly), sent only by pages of this site (SameSite=Strict)
// and only to /graphql. The gate honours it only on a JSON POST that also carries
// DASHBOARD_HEADER: a page of another site can send neither without a CORS preflight, which
// this origin refuses, so a cross-site form or fetch carrying only the cookie runs as anonymous.

export const SESSION_COOKIE = 'svc_dashboard_session';
export const DASHBOARD_HEADER = 'x-svc-dashboard';

/** What a resolver may do with the browser session of the request it serves. */
export interface SessionCookieControl {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

/** Whether the request comes from the dashboard (its header): only then is the cookie read or set. */
export function isDashboardRequest(req: Request): boolean {
  return req.headers[DASHBOARD_HEADER] === '1';
}

/** The session cookie's token, when the request may be authenticated by it. */
export function sessionCookieToken(req: Request): string | undefined {
  if (req.method !== 'POST' || !isDashboardRequest(req)) return undefined;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value.length > 0) return value.join('=');
  }
  return undefined;
}

export function sessionCookieControl(config: Config, res: Response): SessionCookieControl {
  const secure = new URL(config.baseUrl).protocol === 'https:';
  const attributes = (maxAgeSeconds: number) =>
    [`Path=/graphql`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
  return {
    set: (token, expiresAt) => {
      const seconds = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      res.append('Set-Cookie', `${SESSION_COOKIE}=${token}; ${attributes(seconds)}`);
    },
    clear: () => res.append('Set-Cookie', `${SESSION_COOKIE}=; ${attributes(0)}`),
  };
}
