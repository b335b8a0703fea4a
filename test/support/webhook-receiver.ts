import https from 'node:https';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import addFormatsModule from 'ajv-formats';
import { Ajv } from 'ajv';
import {
  ENVELOPE_SCHEMAS,
  WEBHOOK_HEADERS_SCHEMA,
  type EventName,
} from '../../src/generated/events.generated.js';
import type { TestTls } from './tls.js';
import { derivedAsyncapi } from './versioned-contracts.js';

// A real HTTPS webhook receiver on 127.0.0.1, port 0, with a certificate from the test CA. It keeps
// every request's exact bytes; tests choose how it answers.

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body bytes, as sent. */
  body: Buffer;
  at: number;
}

export type Responder = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

export interface Receiver {
  port: number;
  /** https://localhost:<port><path>: a name that resolves to loopback. */
  url(path?: string): string;
  requests: ReceivedRequest[];
  /** Every request that did not match asyncapi.yaml (body or headers), checked on arrival. */
  invalid: string[];
  respond(responder: Responder): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export const ok: Responder = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
};

export async function startReceiver(tls: TestTls, responder: Responder = ok): Promise<Receiver> {
  let current = responder;
  const requests: ReceivedRequest[] = [];
  const invalid: string[] = [];
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      requests.push(received);
      try {
        expectValidWebhook(received);
      } catch (err) {
        invalid.push((err as Error).message);
      }
      void current(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hook') => `https://localhost:${port}${path}`,
    requests,
    invalid,
    respond: (next) => {
      current = next;
    },
    waitFor: async (count, timeoutMs = 10_000) => {
      await waitUntil(
        () => requests.length >= count,
        timeoutMs,
        `${count} webhook requests (got ${requests.length})`,
      );
      return requests.slice(0, count);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until the condition holds (short interval, hard deadline). */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true });
addFormats(ajv);
const headersValidator = ajv.compile(WEBHOOK_HEADERS_SCHEMA);
const envelopeValidators = new Map<string, ReturnType<Ajv['compile']>>();

/** The envelope schema of `event` in the asyncapi.yaml of `version` (head's generated one when it is head). */
function envelopeValidator(
  version: string | undefined,
  event: EventName,
): ReturnType<Ajv['compile']> {
  const derived = version === undefined ? undefined : derivedAsyncapi(version);
  if (!derived) return ajv.compile(ENVELOPE_SCHEMAS[event]);
  const components = derived.components as {
    schemas: Record<string, unknown>;
    messages: Record<string, { name?: string; payload: { $ref: string } }>;
  };
  const message = Object.values(components.messages).find((m) => m.name === event);
  if (!message) throw new Error(`asyncapi.yaml of ${version} has no event ${event}`);
  // The payload's $ref resolves in a root that carries the version's component schemas.
  return ajv.compile({ $ref: message.payload.$ref, components: { schemas: components.schemas } });
}

/** Fails unless the request's body and headers match asyncapi.yaml (ENVELOPE_SCHEMAS and the headers schema). */
export function expectValidWebhook(req: ReceivedRequest): {
  id: string;
  event: EventName;
  timestamp: string;
  installation_id: number;
  data: Record<string, unknown>;
} {
  const headers = {
    'X-Svc-Event': req.headers['x-svc-event'],
    'X-Svc-Signature': req.headers['x-svc-signature'],
    'Content-Type': req.headers['content-type'],
    'X-Svc-Delivery': req.headers['x-svc-delivery'],
    'X-Svc-Attempt': req.headers['x-svc-attempt'],
    'webhook-id': req.headers['webhook-id'],
    'webhook-timestamp': req.headers['webhook-timestamp'],
    'webhook-signature': req.headers['webhook-signature'],
    ...(req.headers['x-svc-signature-previous'] === undefined
      ? {}
      : { 'X-Svc-Signature-Previous': req.headers['x-svc-signature-previous'] }),
  };
  if (!headersValidator(headers))
    throw new Error(
      `webhook headers do not match asyncapi.yaml: ${ajv.errorsText(headersValidator.errors)} ${JSON.stringify(headers)}`,
    );
  const body = JSON.parse(req.body.toString('utf8'));
  const event = headers['X-Svc-Event'] as EventName;
  // The payload matches the contract of the version it was rendered in (X-Svc-Api-Version).
  const version = req.headers['x-svc-api-version'] as string | undefined;
  const key = `${version ?? 'head'} ${event}`;
  let validate = envelopeValidators.get(key);
  if (!validate) envelopeValidators.set(key, (validate = envelopeValidator(version, event)));
  if (!validate(body))
    throw new Error(
      `webhook body of ${event} does not match asyncapi.yaml${version ? ` of ${version}` : ''}: ${ajv.errorsText(validate.errors)}\n${req.body.toString('utf8')}`,
    );
  if (body.event !== event)
    throw new Error(`body event ${body.event} differs from X-Svc-Event ${event}`);
  if (body.id !== headers['webhook-id'])
    throw new Error(
      `webhook-id ${String(headers['webhook-id'])} differs from the envelope id ${body.id}`,
    );
  return body;
}
