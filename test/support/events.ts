import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { Db } from '../../src/db/database.js';
import { EVENT_DATA_SCHEMAS, type EventName } from '../../src/generated/events.generated.js';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv as never);
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** Fails unless the data validates against the event's payload schema from asyncapi.yaml. */
export function expectValidEventData(name: EventName, data: unknown): void {
  let validate = validators.get(name);
  if (!validate) validators.set(name, (validate = ajv.compile(EVENT_DATA_SCHEMAS[name] as object)));
  if (!validate(data)) throw new Error(`${name} data does not match asyncapi.yaml: ${JSON.stringify(validate.errors)}\n${JSON.stringify(data)}`);
}

/** Outbox rows (control.events) in emission order, optionally for one installation. */
export async function outboxEvents(db: Db, filter: { installationId?: number; names?: EventName[] } = {}) {
  let query = db.selectFrom('control.events').selectAll().orderBy('occurred_at').orderBy('event_id');
  if (filter.installationId !== undefined) query = query.where('installation_id', '=', filter.installationId);
  if (filter.names) query = query.where('event_name', 'in', filter.names);
  const rows = await query.execute();
  return rows.map((r) => ({ name: r.event_name as EventName, data: r.data as Record<string, unknown>, scope: r }));
}
