import type { OperationId } from '../generated/operations.generated.js';

/**
 * What the code samples at /docs send, fitted to the demo sandbox so that each runs as shown with
 * a sandbox key. Every sandbox (and the demo `make run` seeds) starts with the restaurant data of
 * src/domain/sandboxes/demo-data.ts in a schema of its own, whose rows are numbered from 1 in the
 * order that file inserts them: location 1 (Lisboa, EUR, the installation's own), menu items 1-8
 * there (3 Margherita Pizza with templates 1 Size and 2 Extra toppings, option 2 Large; 7 Lemonade;
 * 8 Seasonal Special, unavailable), customer 1, orders HV-1001 (open) to HV-1007, ingredient 2
 * (Fior di latte). test/docs/docs.test.ts sends every sample to a freshly seeded demo and expects
 * success, so a sample that drifts from the demo data fails there.
 */

/** A value the reader supplies: the sample names a variable and says where its value comes from. */
export interface SampleVariable {
  variable: string;
  from: string;
}

export type PathValue = string | number | SampleVariable;

/** Path parameters by name, for every operation unless its own entry says otherwise. */
export const DEMO_PATH_VALUES: Record<string, PathValue> = {
  orderId: 'HV-1006',
  itemId: 3,
  locationId: 1,
  customerId: 1,
  ingredientId: 2,
  // The demo has no webhook log yet: the sample reads the one POST /webhooks/external records.
  logId: { variable: 'LOG_ID', from: 'the log_id that POST /webhooks/external answered' },
};

export interface DemoSample {
  path?: Record<string, PathValue>;
  /**
   * Merged into the spec's request example: objects key by key, arrays index by index, so the
   * sample keeps the example's other fields.
   */
  body?: unknown;
}

export const DEMO_SAMPLES: Partial<Record<OperationId, DemoSample>> = {
  createOrder: {
    body: {
      items: [{ item_id: 3, customizations: [{ template_id: 1, option_id: 2 }] }, { item_id: 7 }],
    },
  },
  // HV-1001 is open: it may move to in_progress.
  updateOrder: { path: { orderId: 'HV-1001' } },
  // HV-1005 is completed and unpaid: 2 Chickpea Curry, 30.00 EUR.
  captureOrderPayment: { path: { orderId: 'HV-1005' }, body: { amount: '30.00', currency: 'EUR' } },
  // Garlic Prawns and Burrata run out; the Seasonal Special already is (unchanged).
  bulkUpdateMenuAvailability: { body: { items: [{ item_id: 1 }, { item_id: 2 }, { item_id: 8 }] } },
  createStockMovement: { body: { location_id: 1 } },
  receiveExternalWebhook: { body: { payload: { order_id: 1 } } },
  // A fresh sandbox may have issued no event yet: 0 is always a valid cursor (use meta.next_after of GET /events).
  acknowledgeEvents: { body: { through: 0 } },
};

/** `example` with `patch` laid over it (see DemoSample.body). */
export function overlay(example: unknown, patch: unknown): unknown {
  if (patch === undefined) return example;
  if (Array.isArray(patch)) {
    const base = Array.isArray(example) ? example : [];
    return Array.from({ length: Math.max(base.length, patch.length) }, (_, i) =>
      i < patch.length ? overlay(base[i], patch[i]) : base[i],
    );
  }
  if (patch !== null && typeof patch === 'object') {
    const base =
      example !== null && typeof example === 'object' && !Array.isArray(example)
        ? (example as Record<string, unknown>)
        : {};
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) merged[key] = overlay(base[key], value);
    return merged;
  }
  // Money is a decimal string on the wire, a number in versions before 2026-11-29: the demo's
  // amount takes the type of the example of the version rendered.
  if (typeof patch === 'string' && typeof example === 'number' && /^\d+\.\d\d$/.test(patch))
    return Number(patch);
  return patch;
}
