import {
  getInstallationView,
  mergeInstallationConfig,
  recordHealthCheck,
} from '../../domain/installations/index.js';
import { ok, type Handler } from '../types.js';

export const getHealth: Handler<'getHealth'> = async (req, { db }) =>
  ok(await recordHealthCheck(db, req.auth));

export const getInstallation: Handler<'getInstallation'> = async (req, { db, config }) =>
  ok({ data: await getInstallationView(db, req.auth, config.encryptionKey) });

export const updateInstallationConfig: Handler<'updateInstallationConfig'> = async (
  req,
  { db, config },
) =>
  ok({
    data: await mergeInstallationConfig(
      db,
      req.auth,
      req.body as Record<string, unknown>,
      config.encryptionKey,
    ),
  });
