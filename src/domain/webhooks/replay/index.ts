// Redelivery and replay: new deliveries of events already sent, a replay's sent by chunks, and
// the automatic recovery a delivery's health starts.
export {
  getWebhookReplay,
  redeliverWebhook,
  replayWebhooks,
  startAutomaticRecovery,
} from './replay.js';
export type { WebhookReplayRow } from './replay.js';
export { runReplayChunk } from './replay-chunks.js';
