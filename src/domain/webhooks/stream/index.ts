// The stream `svc listen` reads (webhookStream): a sandbox's feed from a cursor, signed like a
// delivery, with its listener row, the per-developer slots and the CLI's reported results.
export { openStreamCursor, webhookStream } from './stream.js';
export { recordListenerResult } from './listener-report.js';
export { StreamSlots } from './stream-slots.js';
