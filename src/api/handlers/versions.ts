import type { ApiVersionInfo } from '../../domain/api-versions/index.js';
import { ok, type Handler } from '../types.js';

/** Every dated version, newest first, with its status now, its sunset date and its changes. */
export const listApiVersions: Handler<'listApiVersions'> = async (_req, { apiVersions }) =>
  ok({ data: apiVersions.catalog().map(toBody) });

const toBody = (v: ApiVersionInfo) => ({
  version: v.version,
  status: v.status,
  sunset_at: v.sunsetAt ? v.sunsetAt.toISOString().slice(0, 10) : null,
  changes: v.changes,
});
