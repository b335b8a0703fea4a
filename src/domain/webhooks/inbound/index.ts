// Inbound webhooks (POST /webhooks/external): the signature check and its diagnosis, the
// receipt with its idempotency key, and the hourly purge of expired keys.
export {
  INBOUND_CEILING,
  purgeExpiredInboundKeys,
  receiveInboundWebhook,
  verifyInboundSignature,
} from './inbound.js';
export { checkInboundSignature } from './signature-diagnosis.js';
