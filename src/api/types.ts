import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { InstallationContext } from '../domain/installations/index.js';
import type { Logger } from '../logger.js';
import type { operations } from '../generated/openapi.generated.js';
import type { OperationId } from '../generated/operations.generated.js';
import type { EventSink } from '../domain/webhooks/index.js';
import type { ApiVersionInfo, ApiVersions } from '../domain/api-versions/index.js';

/** What every handler may use: no globals, no process.env. */
export interface ApiDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Where writes emit their events (built at boot from the job queue). */
  events: EventSink;
  /** The dated API versions (read at boot from contracts/versions/). */
  apiVersions: ApiVersions;
}

type Part<Op, K extends string> = Op extends { parameters: infer P }
  ? K extends keyof P
    ? Exclude<P[K], undefined>
    : never
  : never;
type Body<Op> = Op extends { requestBody?: infer B }
  ? B extends { content: { 'application/json': infer J } }
    ? J
    : undefined
  : undefined;

/** The typed, already validated input of one operation. */
export interface ApiRequest<K extends OperationId> {
  operationId: K;
  params: Part<operations[K], 'path'>;
  query: Part<operations[K], 'query'>;
  headers: Record<string, string | undefined>;
  body: Body<operations[K]>;
  /** The exact request bytes (inbound webhook signatures are checked over them). */
  rawBody: Buffer | undefined;
  ip: string;
  requestId: string;
  /** Set by the credentials pipeline on every operation that has security. */
  auth: InstallationContext;
  /** The dated API version this request is answered in (router.ts resolves it before the handler). */
  apiVersion: ApiVersionInfo;
}

export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler<K extends OperationId> = (
  req: ApiRequest<K>,
  deps: ApiDeps,
) => Promise<ApiResponse>;

/** Every operation of openapi.yaml has exactly one handler: a missing or extra key does not compile. */
export type HandlerMap = { [K in OperationId]: Handler<K> };

export const ok = (body: unknown, status = 200): ApiResponse => ({ status, body });

/** 200 with the original record of an idempotent write repeated: `Idempotent-Replayed: true` tells the client so. */
export const replayed = (body: unknown): ApiResponse => ({
  status: 200,
  body,
  headers: { 'Idempotent-Replayed': 'true' },
});
