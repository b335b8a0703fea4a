import type { Express } from 'express';
import supertest, { type Response } from 'supertest';
import { API_ROOT } from '../../src/api/router.js';
import { expectMatchesSpec } from './openapi.js';

export interface CallOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Skip the contract check: only for requests that are meant to miss the spec (unknown routes). */
  unchecked?: boolean;
}

/** One Data API request, validated against openapi.yaml before the test sees it. */
export async function call(app: Express, method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, options: CallOptions = {}): Promise<Response> {
  let req = supertest(app)[method](`${API_ROOT}${path}`);
  if (options.key !== undefined) req = req.set('X-Plugin-Api-Key', options.key);
  for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
  if (options.body !== undefined) req = req.send(options.body as object);
  const res = await req;
  if (!options.unchecked) await expectMatchesSpec(res);
  return res;
}
