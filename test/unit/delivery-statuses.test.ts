import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import {
  generateDeliveryStatuses,
  GENERATED_DELIVERY_STATUSES_PATH,
} from '../../codegen/delivery-statuses.js';
import { logTools } from '../../src/devcli/mcp/log-tools.js';
import {
  DELIVERY_STATUSES,
  FEED_DELIVERY_STATUSES,
} from '../../src/generated/delivery-statuses.generated.js';

// Delivery statuses are spelled once, in openapi.yaml: the code's lists come from it through
// src/generated/delivery-statuses.generated.ts.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const openapi = parse(readFileSync(path.join(root, 'openapi.yaml'), 'utf8'));

describe('delivery statuses', () => {
  it("are openapi.yaml's, as generated (make codegen)", async () => {
    const [generated] = await generateDeliveryStatuses(root);
    expect(generated!.content).toBe(
      readFileSync(path.join(root, GENERATED_DELIVERY_STATUSES_PATH), 'utf8'),
    );
    expect(FEED_DELIVERY_STATUSES).toEqual(
      openapi.components.schemas.EventDelivery.properties.status.enum,
    );
    const logStatuses: string[] = openapi.components.schemas.WebhookLog.properties.status.enum;
    expect([...DELIVERY_STATUSES]).toEqual(
      logStatuses.filter((s) => s !== 'received' && s !== 'rejected'),
    );
  });

  it("are what svc mcp's list_deliveries filters by", () => {
    const status = logTools.find((t) => t.name === 'list_deliveries')!.input.status as unknown as {
      unwrap(): { options: string[] };
    };
    expect(status.unwrap().options).toEqual([...DELIVERY_STATUSES]);
    expect(logTools.find((t) => t.name === 'list_deliveries')!.description).toContain(
      `status (${DELIVERY_STATUSES.join(', ')})`,
    );
  });
});
