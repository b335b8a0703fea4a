import { expect } from '@jest/globals';
import type { App } from '../../src/app.js';
import supertest, { type Response } from 'supertest';
import { API_ROOT } from '../../src/api/router.js';
import { expectMatchesSpec } from './openapi.js';

export interface CallOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Skip the contract check: only for requests that are meant to miss the spec (unknown routes). */
  unchecked?: boolean;
  /** Keep request_id and doc_url in an error body (tests of those two fields). */
  errorMeta?: boolean;
}

/** One Data API request, validated against openapi.yaml before the test sees it. */
export async function call(
  app: App,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: CallOptions = {},
): Promise<Response> {
  let req = supertest(app)[method](`${API_ROOT}${path}`);
  if (options.key !== undefined) req = req.set('X-Plugin-Api-Key', options.key);
  for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
  if (options.body !== undefined) req = req.send(options.body as object);
  const res = await req;
  if (!options.unchecked) await expectMatchesSpec(res);
  if (res.status >= 400 && !options.errorMeta) takeErrorMeta(res);
  return res;
}

/**
 * Every error answer of every test carries `request_id` (its X-Request-Id) and `doc_url` (the
 * /docs/errors section of its code): checked here, then taken off the body, so that a test
 * compares the rest with the spec's error body as the spec writes it.
 */
export function takeErrorMeta(res: Response): void {
  const body = res.body as Record<string, unknown>;
  if (!body || typeof body !== 'object' || typeof body.error !== 'string') return;
  const code = /^[a-z][a-z0-9_]*$/.test(body.error) ? body.error : 'not_found';
  expect({ request_id: body.request_id, doc_url: body.doc_url }).toEqual({
    request_id: res.headers['x-request-id'],
    doc_url: expect.stringMatching(new RegExp(`^https?://[^/]+/docs/errors#${code}$`)),
  });
  delete body.request_id;
  delete body.doc_url;
}
