import express from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import { httpError, type ErrorResponse } from './error-response.js';
import { redactUrl } from './redact-url.js';

// What every HTTP surface does to a request the same way, on plain node:http objects: the Express
// app (docs, OAuth, portal, probes) and the Data API's own door share these.

export const BODY_LIMIT = '1mb';

/** A request once its JSON body has been read: the parsed value and the exact bytes. */
export interface BodyRequest extends IncomingMessage {
  body?: unknown;
  /** Inbound webhook signatures are verified over these exact bytes, never a re-serialisation. */
  rawBody?: Buffer;
}

export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}

const REQUEST_ID = /^[\w.-]{8,128}$/;

/**
 * Every response carries an X-Request-Id (the caller's, when well-formed). One access-log line per
 * request at info level, its credentials headers redacted by the logger; at a quieter level the
 * request costs nothing more than the id.
 */
export function startExchange(req: IncomingMessage, res: ServerResponse, logger: Logger): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newRequestId();
  res.setHeader('X-Request-Id', id);
  (req as { id?: string }).id = id;
  if (logger.isLevelEnabled('info')) {
    const started = performance.now();
    const url = req.url ?? '/';
    res.once('finish', () => {
      logger.info(
        {
          req: {
            id,
            method: req.method,
            url: redactUrl(url),
            headers: req.headers,
            remoteAddress: req.socket.remoteAddress,
          },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        'request completed',
      );
    });
  }
  return id;
}

/** JSON bodies (application/json, application/*+json) up to BODY_LIMIT, keeping the raw bytes. */
export function jsonBodyParser(): (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
) => void {
  return express.json({
    limit: BODY_LIMIT,
    type: ['application/json', 'application/*+json'],
    verify: (req, _res, buf) => {
      (req as BodyRequest).rawBody = Buffer.from(buf);
    },
  }) as never;
}

/** A body-parser or transport failure in the error shape; undefined for anything else. */
export function bodyErrorResponse(err: unknown): ErrorResponse | undefined {
  // A route parameter that is not valid percent-encoding (Express decodes every one).
  if (err instanceof URIError) {
    return httpError(
      400,
      'validation_error',
      'The request path is not valid percent-encoded UTF-8.',
      { path: ['has malformed percent-encoding'] },
    );
  }
  switch ((err as { type?: string } | null)?.type) {
    case 'entity.parse.failed':
      return httpError(400, 'validation_error', 'The request body is not valid JSON.', {
        body: ['must be valid JSON'],
      });
    case 'entity.too.large':
      return httpError(413, 'payload_too_large', `The request body exceeds ${BODY_LIMIT}.`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return httpError(415, 'unsupported_media_type', 'Send the request body as UTF-8 JSON.');
    default:
      return undefined;
  }
}

/**
 * Sends a JSON response as Express's res.json does (same Content-Type and Content-Length), headers
 * and body in one write.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): void {
  const bytes = Buffer.from(JSON.stringify(body) ?? '', 'utf8');
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(bytes.length),
  });
  res.end(bytes);
}
