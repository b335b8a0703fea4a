import { existsSync } from 'node:fs';
import path from 'node:path';
import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';
import { API_ROOT } from '../../src/api/router.js';
import { ROOT_DIR } from '../../src/app.js';

const backends = new Map<string, Promise<OpenAPIBackend>>();

/**
 * The contract a response of `version` is checked against: what /openapi.yaml?version= serves,
 * contracts/derived/<version>/openapi.yaml (head itself for the newest and without a version).
 */
function definitionOf(version: string | undefined): string {
  const derived = version && path.join(ROOT_DIR, 'contracts', 'derived', version, 'openapi.yaml');
  return derived && existsSync(derived) ? derived : path.join(ROOT_DIR, 'openapi.yaml');
}

function spec(version?: string): Promise<OpenAPIBackend> {
  const definition = definitionOf(version);
  let backend = backends.get(definition);
  if (backend) return backend;
  backend = contractBackend(definition);
  backends.set(definition, backend);
  return backend;
}

/**
 * A validator of a contract: a file, or a document as fetched (what /openapi.yaml?version=
 * served, for a test that checks the served contract rather than the file).
 */
export async function contractBackend(definition: string | Document): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition,
    apiRoot: API_ROOT,
    // Each operation's response validators are compiled when a response of it is first checked,
    // not all of them up front (seconds per test file that makes one call). The same validators
    // check the same responses; the definition itself is checked by `make lint`.
    quick: true,
    ajvOpts: { allErrors: true, strict: false, multipleOfPrecision: 6 },
    customizeAjv: (ajv) => {
      addFormats.default(ajv as never);
      return ajv;
    },
  });
  await api.init();
  return api;
}

/** openapi.yaml with every $ref resolved, for tests that walk the contract (the fuzz). */
export async function openapiDefinition(): Promise<OpenAPIBackend['definition']> {
  return (await spec()).definition;
}

/**
 * Fails unless the response's status is documented for its operation in the contract of the
 * version it was answered in (X-Svc-Api-Version) and its body validates against that status's
 * schema. Every Data API test calls it through `call()`.
 */
export async function expectMatchesSpec(res: Response): Promise<void> {
  await expectMatchesContract(
    await spec(res.headers['x-svc-api-version'] as string | undefined),
    res,
  );
}

/** expectMatchesSpec against the contract `api` was made of (contractBackend). */
export async function expectMatchesContract(api: OpenAPIBackend, res: Response): Promise<void> {
  const req = (res as unknown as { req: { method: string; path: string } }).req;
  const url = new URL(req.path, 'http://x');
  const operation = api.router.matchOperation({
    method: req.method,
    path: url.pathname,
    headers: {},
  });
  if (!operation)
    throw new Error(`${req.method} ${url.pathname} matches no operation of openapi.yaml`);
  const documented = Object.keys(operation.responses ?? {});
  const status = String(res.status);
  if (
    !documented.includes(status) &&
    !documented.includes(`${status[0]}XX`) &&
    !documented.includes('default')
  ) {
    throw new Error(
      `${operation.operationId} answered ${status}, which openapi.yaml does not document (documented: ${documented.join(', ')}). Body: ${JSON.stringify(res.body)}`,
    );
  }
  const result = api.validator.validateResponse(res.body, operation, res.status);
  if (result.errors) {
    throw new Error(
      `${operation.operationId} ${status} body does not match openapi.yaml: ${JSON.stringify(result.errors, null, 2)}\nBody: ${JSON.stringify(res.body, null, 2)}`,
    );
  }
  expectDeclaredHeaders(res, operation, status);
  if (res.status < 300 || res.status === 429) {
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining']) {
      if (operation.operationId !== 'exchangeSetupToken' && res.headers[name] === undefined) {
        throw new Error(`${operation.operationId} ${status} lacks the ${name} header`);
      }
    }
  }
}

interface HeaderObject {
  required?: boolean;
  schema?: { type?: string; minimum?: number };
}

/** The rate-limit family: every one the server sends must be declared for the response it rides on. */
const RATE_LIMIT_HEADER = /^(x-ratelimit-|retry-after$)/;

/**
 * Headers against the response's `headers` in openapi.yaml: each rate-limit header the server sent
 * is declared for this status, each declared header marked `required` was sent, and integer
 * headers hold integers within their minimum.
 */
function expectDeclaredHeaders(res: Response, operation: Operation, status: string): void {
  const responses = (operation.responses ?? {}) as Record<
    string,
    { headers?: Record<string, HeaderObject> }
  >;
  const response = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default ?? {};
  const declared = new Map(
    Object.entries(response.headers ?? {}).map(([name, header]) => [name.toLowerCase(), header]),
  );
  for (const name of Object.keys(res.headers)) {
    if (RATE_LIMIT_HEADER.test(name) && !declared.has(name)) {
      throw new Error(
        `${operation.operationId} ${status} sends the ${name} header, which openapi.yaml does not declare for that response`,
      );
    }
  }
  for (const [name, header] of declared) {
    const value = res.headers[name] as string | undefined;
    if (value === undefined) {
      if (header.required)
        throw new Error(
          `${operation.operationId} ${status} lacks the ${name} header, which openapi.yaml declares as required`,
        );
      continue;
    }
    if (
      header.schema?.type === 'integer' &&
      (!/^\d+$/.test(value) || Number(value) < (header.schema.minimum ?? 0))
    ) {
      throw new Error(
        `${operation.operationId} ${status} header ${name}: ${value} is not an integer of at least ${header.schema.minimum ?? 0}`,
      );
    }
  }
}
