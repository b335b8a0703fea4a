import { getInstallationView, mergeInstallationConfig, recordHealthCheck } from '../../domain/installations.js';
import { ok, type Handler } from '../types.js';

export const getHealth: Handler<'getHealth'> = async (req, { db }) => ok(await recordHealthCheck(db, req.auth));

export const getInstallation: Handler<'getInstallation'> = async (req, { db }) =>
  ok({ data: await getInstallationView(db, req.auth) });

export const updateInstallationConfig: Handler<'updateInstallationConfig'> = async (req, { db }) =>
  ok({ data: await mergeInstallationConfig(db, req.auth, req.body as Record<string, unknown>) });
