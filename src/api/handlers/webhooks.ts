import * as webhooks from '../../domain/webhooks/index.js';
import { ok, replayed, type Handler } from '../types.js';

// The signature and the 600/minute ceiling are checked before validation, by the credentials
// pipeline (src/api/router.ts, verifyInboundSignature); a request that reaches this handler is signed.

export const receiveExternalWebhook: Handler<'receiveExternalWebhook'> = async (req) => {
  const receipt = await webhooks.receiveInboundWebhook(req.auth, req.body);
  if (receipt.duplicate) return replayed({ data: { ...receipt.log, duplicate: true } });
  const { log_id, event_type, status } = receipt.log;
  return ok({ data: { log_id, event_type, status } }, 201);
};

/** The installation's own entries only: another's is the not_found of an unknown id. */
export const getExternalWebhookLog: Handler<'getExternalWebhookLog'> = async (req) =>
  ok({
    data: webhooks.toWireLog(await webhooks.getWebhookLog(req.auth.db, req.auth, req.params.logId)),
  });

/** The events feed of the installation, oldest first by sequence. */
export const listEvents: Handler<'listEvents'> = async (req) =>
  ok(
    await webhooks.listEvents(req.auth.db, req.auth.installationId, {
      after: req.query.after ?? 0,
      limit: req.query.limit ?? 50,
      type: req.query.type,
      deliveryStatus: req.query.delivery_status,
    }),
  );

/** Moves the acknowledged cursor and cancels what it covers. */
export const acknowledgeEvents: Handler<'acknowledgeEvents'> = async (req, deps) =>
  ok({
    data: await webhooks.acknowledgeEvents(
      req.auth.db,
      req.auth.installationId,
      req.body.through,
      deps.config.databaseTimeouts.lockMs,
    ),
  });
