import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { EventName } from '../../../generated/events.generated.js';
import { resolveApiVersion, type ApiVersions } from '../../api-versions/index.js';
import { filterMisses, type EndpointFilter } from '../endpoints/index.js';
import { inPartitions } from './partition-keys.js';
import { isSubscribed } from './subscriptions.js';
import { toEnvelope } from './delivery.js';
import { EndpointTally, type EndpointVerdict } from './endpoint-stats.js';
import { orderingKeyOf } from './ordering.js';

// Which of a plugin's extra webhook endpoints (control.webhook_endpoints) an event reaches, decided
// by the fan-out with the endpoints as they are then: enabled, on the installation's plane, the
// event among its events (the same rules as supported_events), the event's location among its
// locationIds (empty: every location), and its content filter holding on the envelope as the
// endpoint's API version delivers it. The envelope is judged before the event is numbered: a
// filter on `sequence` sees none. An event an endpoint's filter rules out leaves no delivery; it
// is counted in the endpoint's statistics (the tally, endpoint-stats.ts), as is every match.

/** One event of the fan-out whose installations may have extra endpoints. */
export interface EndpointCandidates {
  eventId: string;
  event: string;
  installationIds: number[];
}

/** A delivery to make: the event, the installation, the extra endpoint. */
export interface EndpointPair {
  event_id: string;
  event_type: string;
  installation_id: number;
  webhook_endpoint_id: number;
  /** The event's order on an endpoint with ordering ORDER (ordering.ts); null otherwise. */
  ordering_key: string | null;
}

interface EndpointRow {
  installation_id: number;
  plane: string;
  webhook_endpoint_id: number;
  events: string[] | null;
  location_ids: number[];
  filter: EndpointFilter | null;
  api_version: string;
  ordering: 'none' | 'order';
}

interface EventRow {
  event_id: string;
  occurred_at: Date;
  data: Record<string, unknown>;
  request_id: string | null;
  location_id: number | null;
}

export async function endpointPairs(
  trx: Transaction<Database>,
  candidates: EndpointCandidates[],
  occurred: string[] | null,
  versions?: ApiVersions,
  tally: EndpointTally = new EndpointTally(),
): Promise<EndpointPair[]> {
  const wanted = candidates.filter((c) => c.installationIds.length > 0);
  if (wanted.length === 0) return [];
  const installationIds = [...new Set(wanted.flatMap((c) => c.installationIds))];
  const { rows: endpoints } = await sql<EndpointRow>`
    select i.installation_id, i.plane, we.webhook_endpoint_id, we.events, we.location_ids, we.filter, we.ordering,
           coalesce(we.api_version, sb.api_version, p.api_version) as api_version
      from control.installations i
      join control.plugins p on p.plugin_id = i.plugin_id
      join control.webhook_endpoints we on we.plugin_id = i.plugin_id and we.status = 'enabled' and i.plane = any(we.planes)
      left join control.sandboxes sb on sb.sandbox_id = i.sandbox_id and i.plane = 'sandbox'
     where i.installation_id = any(${installationIds}::int[])
     order by i.installation_id, we.webhook_endpoint_id`.execute(trx);
  if (endpoints.length === 0) return [];
  const { rows: events } = await sql<EventRow>`
    select e.event_id, e.occurred_at, e.data, e.request_id, e.location_id
      from control.events e
     where e.event_id = any(${wanted.map((c) => c.eventId)}::uuid[]) ${inPartitions('e.occurred_at', occurred)}`.execute(
    trx,
  );
  const eventById = new Map(events.map((row) => [row.event_id, row]));
  const pairs: EndpointPair[] = [];
  for (const candidate of wanted) {
    const event = eventById.get(candidate.eventId);
    if (!event) continue;
    const ids = new Set(candidate.installationIds);
    for (const endpoint of endpoints) {
      if (!ids.has(endpoint.installation_id)) continue;
      const verdict = judge(endpoint, candidate, event, versions);
      tally.event(endpoint.webhook_endpoint_id, verdict);
      if (verdict !== 'matched') continue;
      pairs.push({
        event_id: candidate.eventId,
        event_type: candidate.event,
        installation_id: endpoint.installation_id,
        webhook_endpoint_id: endpoint.webhook_endpoint_id,
        ordering_key:
          endpoint.ordering === 'order' ? orderingKeyOf(candidate.event, event.data) : null,
      });
    }
  }
  return pairs;
}

/** Whether the endpoint receives the event; `filtered` when its location or content filter rules it out. */
function judge(
  endpoint: EndpointRow,
  candidate: EndpointCandidates,
  event: EventRow,
  versions: ApiVersions | undefined,
): EndpointVerdict {
  if (!isSubscribed(endpoint.events, candidate.event as EventName)) return 'unselected';
  if (
    endpoint.location_ids.length > 0 &&
    (event.location_id === null || !endpoint.location_ids.includes(event.location_id))
  )
    return 'filtered';
  if (!endpoint.filter) return 'matched';
  const envelope = toEnvelope({
    event_id: candidate.eventId,
    event_type: candidate.event,
    occurred_at: event.occurred_at,
    installation_id: endpoint.installation_id,
    event_data: structuredClone(event.data),
    sequence: null,
    request_id: event.request_id,
  });
  if (versions) {
    // As renderAt does: a version past its sunset is answered as the catalog moves it on.
    const { version } = resolveApiVersion(undefined, endpoint.api_version, versions.catalog());
    if (versions.migrator.differs(version)) versions.migrator.eventBack(version, envelope);
  }
  return filterMisses(endpoint.filter, envelope).length === 0 ? 'matched' : 'filtered';
}
