import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * Strict-Transport-Security for responses served over TLS: once a browser has reached the service
 * over HTTPS, it never again sends the dashboard's session cookie (or anything) in clear text.
 * Not includeSubDomains: the service does not own its parent domain's other hosts.
 */
export const HSTS = 'max-age=31536000';

/**
 * Whether a request reached the service over TLS: always when BASE_URL is https (TLS ends at the
 * proxy in front), else when its own socket is TLS, or when a peer SVC_TRUST_PROXY trusts (the
 * same test as X-Forwarded-For's) says X-Forwarded-Proto: https.
 */
export function overTls(
  baseUrl: string,
  trustProxy: (addr: string, index: number) => boolean,
): (req: IncomingMessage) => boolean {
  if (baseUrl.startsWith('https:')) return () => true;
  return (req) => {
    if ((req.socket as TLSSocket).encrypted) return true;
    const proto = req.headers['x-forwarded-proto'];
    if (typeof proto !== 'string' || !trustProxy(req.socket.remoteAddress ?? '', 0)) return false;
    // Express's req.protocol reads the first value too (the proxy nearest the client).
    return proto.split(',')[0]!.trim().toLowerCase() === 'https';
  };
}
