import { createHash } from 'node:crypto';
import type { Response } from 'express';

/**
 * The docs share the dashboard's origin, where any script can call /graphql with the dashboard's
 * session cookie: their pages get the dashboard's policy (src/dashboard/router.ts), with their own
 * inline scripts and stylesheet allowed by hash. Redoc's styled-components writes <style> elements
 * at run time, so /docs alone allows inline styles (a hash would make browsers ignore
 * 'unsafe-inline'); its scripts stay this origin's files and the one hashed init script.
 */
export function docsCsp({
  scripts = [],
  styles = [],
  redoc = false,
}: {
  scripts?: string[];
  styles?: string[];
  redoc?: boolean;
}): string {
  return [
    "default-src 'none'",
    ['script-src', "'self'", ...scripts.map(hashSource)].join(' '),
    ['style-src', "'self'", ...(redoc ? ["'unsafe-inline'"] : styles.map(hashSource))].join(' '),
    "connect-src 'self'",
    "img-src 'self' data:",
    // Redoc's icons are a data: font, and its full-text index runs in a worker built from a blob.
    ...(redoc ? ["font-src 'self' data:", "worker-src 'self' blob:"] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every docs response carries; the pages pass their own policy. */
export function setDocsHeaders(res: Response, csp: string): void {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
}

const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
