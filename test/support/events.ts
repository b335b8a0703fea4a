import { expect } from '@jest/globals';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { EVENT_DATA_SCHEMAS, type EventName } from '../../src/generated/events.generated.js';

// The one reader of the outbox (control.events) for tests, and the one validator of event payloads
// against asyncapi.yaml (EVENT_DATA_SCHEMAS).

// ajv-formats is CommonJS: under NodeNext its default import is typed as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** Fails unless the data validates against the event's payload schema from asyncapi.yaml. */
export function expectValidEventData(name: EventName, data: unknown): void {
  let validate = validators.get(name);
  if (!validate) validators.set(name, (validate = ajv.compile(EVENT_DATA_SCHEMAS[name] as object)));
  const valid = validate(data);
  if (!valid)
    throw new Error(
      `${name} data does not match asyncapi.yaml: ${JSON.stringify(validate.errors)}\n${JSON.stringify(data, null, 2)}`,
    );
  expect(valid).toBe(true);
}

export interface OutboxEvent {
  event_id: string;
  event_name: EventName;
  plane: string;
  sandbox_id: number | null;
  organization_id: number | null;
  location_id: number | null;
  installation_id: number | null;
  data: Record<string, unknown>;
}

export interface OutboxFilter {
  organizationId?: number;
  installationId?: number;
  plane?: 'production' | 'sandbox';
  names?: EventName[];
  /** Events whose payload names this order (`data.order_id`). */
  orderId?: number;
}

/**
 * Outbox events in emission order (events of one transaction in no particular order), filtered.
 * Every event's data is checked against its asyncapi.yaml payload schema on the way out.
 */
export async function outboxEvents(db: Db, filter: OutboxFilter = {}): Promise<OutboxEvent[]> {
  let query = db
    .selectFrom('control.events')
    .select([
      'event_id',
      'event_name',
      'plane',
      'sandbox_id',
      'organization_id',
      'location_id',
      'installation_id',
      'data',
    ])
    .orderBy('occurred_at')
    .orderBy('event_id');
  if (filter.organizationId !== undefined)
    query = query.where('organization_id', '=', filter.organizationId);
  if (filter.installationId !== undefined)
    query = query.where('installation_id', '=', filter.installationId);
  if (filter.plane) query = query.where('plane', '=', filter.plane);
  if (filter.names) query = query.where('event_name', 'in', filter.names);
  if (filter.orderId !== undefined)
    query = query.where(sql<string>`data->>'order_id'`, '=', String(filter.orderId));
  const rows = (await query.execute()) as unknown as OutboxEvent[];
  for (const row of rows) expectValidEventData(row.event_name, row.data);
  return rows;
}
