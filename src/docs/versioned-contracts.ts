import type { Request, RequestHandler, Response } from 'express';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  answeredVersions,
  requireApiVersion,
  type ApiVersionInfo,
  type ApiVersions,
} from '../domain/api-versions/index.js';
import { InvalidApiVersionError } from '../domain/shared/index.js';
import { sendError, toErrorResponse } from '../http/error-response.js';

/**
 * The contracts of each dated version as the docs serve them: head (openapi.yaml, asyncapi.yaml at
 * the root) for the newest, contracts/derived/<version>/ (written by `make api-versions`) for the
 * older ones. The root is the repository's in the built layout too (dist/ sits beside contracts/).
 */
export const DERIVED_DIR = 'contracts/derived';
export type ContractFile = 'openapi.yaml' | 'asyncapi.yaml';

export interface VersionedContracts {
  /** A version's contract, as text. */
  text(file: ContractFile, version: string): string;
  /**
   * A route for the version `?version=` names (the newest without one); one the catalog does not
   * answer is 400 invalid_api_version, as the Data API answers a bad X-Svc-Api-Version.
   */
  route(send: (version: ApiVersionInfo, req: Request, res: Response) => unknown): RequestHandler;
}

export function versionedContracts(
  rootDir: string,
  apiVersions: ApiVersions,
  baseUrl: string,
): VersionedContracts {
  // Read on first request for each version, then kept: a version's files are part of the build.
  const texts = new Map<string, string>();
  return {
    text(file, version) {
      const newest = apiVersions.catalog()[0]!.version;
      const where =
        version === newest
          ? path.join(rootDir, file)
          : path.join(rootDir, DERIVED_DIR, version, file);
      let text = texts.get(where);
      if (text === undefined) texts.set(where, (text = readFileSync(where, 'utf8')));
      return text;
    },
    route: (send) => (req, res) => {
      let version: ApiVersionInfo;
      try {
        version = versionOf(req.query.version, apiVersions);
      } catch (err) {
        if (!(err instanceof InvalidApiVersionError)) throw err;
        return sendError(res, invalidVersionResponse(err), baseUrl);
      }
      send(version, req, res);
    },
  };
}

function versionOf(query: unknown, apiVersions: ApiVersions): ApiVersionInfo {
  const catalog = apiVersions.catalog();
  if (query === undefined) return catalog[0]!;
  // A repeated parameter is refused rather than guessed.
  if (typeof query !== 'string')
    throw new InvalidApiVersionError(String(query), answeredVersions(catalog));
  return requireApiVersion(query, catalog);
}

/** The Data API's body for the header, its details naming the query parameter instead. */
function invalidVersionResponse(err: InvalidApiVersionError) {
  const response = toErrorResponse(err);
  const [reason] = Object.values(err.details ?? {});
  return { ...response, body: { ...response.body, details: { version: reason } } };
}
