// DO NOT EDIT. Generated from openapi.yaml by codegen/delivery-statuses.ts (make codegen).

/** Every status of a webhook log entry, inbound and outbound (openapi.yaml WebhookLog.status). */
export const WEBHOOK_LOG_STATUSES = ['received', 'rejected', 'pending', 'delivered', 'failed', 'skipped', 'acknowledged'] as const;
export type WebhookLogStatus = (typeof WEBHOOK_LOG_STATUSES)[number];

/** The statuses of an outbound delivery: WebhookLog.status but an inbound entry's (received, rejected). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped', 'acknowledged'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A delivery as the event feed reports it (openapi.yaml EventDelivery.status, listEvents' delivery_status). */
export const FEED_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'acknowledged'] as const;
export type FeedDeliveryStatus = (typeof FEED_DELIVERY_STATUSES)[number];
