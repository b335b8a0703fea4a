import type { Db } from '../../../db/database.js';
import type { ApiVersions } from '../../api-versions/index.js';
import { NotFoundError, ValidationError } from '../../shared/index.js';
import { isSubscribed, toEnvelope } from '../delivery/index.js';
import type { Actor } from './audit.js';
import { toEndpointColumns, type WebhookEndpointInput } from './endpoint-input.js';
import { filterMisses, type EndpointFilter } from './filters.js';

// Which of the plugin's installations' last events (their events feeds) an endpoint with these
// settings would have received, and why not. The filter is evaluated on each envelope as the
// endpoint's API version delivers it. The feed holds the events the listing's supported_events
// addressed to an installation: an event it never subscribed to is not there to be previewed.

export const MAX_PREVIEW_EVENTS = 100;

export type PreviewInput = Pick<
  WebhookEndpointInput,
  'events' | 'locationIds' | 'filter' | 'apiVersion' | 'planes'
>;

export interface PreviewedEvent {
  eventId: string;
  event: string;
  installationId: number;
  sequence: number;
  plane: 'production' | 'sandbox';
  locationId: number | null;
  occurredAt: Date;
  matched: boolean;
  reasons: string[];
}

export interface PreviewDeps {
  db: Db;
  versions: Pick<ApiVersions, 'catalog' | 'derived' | 'migrator'>;
  allowPrivate: boolean;
}

export async function previewWebhookEndpointFilter(
  deps: PreviewDeps,
  actor: Pick<Actor, 'developerId'>,
  pluginId: number,
  input: PreviewInput,
  last: number | null = 100,
): Promise<{ examined: number; matched: number; events: PreviewedEvent[] }> {
  if (last === null || !Number.isInteger(last) || last < 1 || last > MAX_PREVIEW_EVENTS)
    throw new ValidationError({ last: [`must be an integer from 1 to ${MAX_PREVIEW_EVENTS}`] });
  const plugin = await deps.db
    .selectFrom('control.plugins as p')
    .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
    .select(['p.plugin_id', 'p.api_version'])
    .where('p.plugin_id', '=', pluginId)
    .where('pr.developer_id', '=', actor.developerId)
    .where('p.listing_status', '<>', 'deleted')
    .executeTakeFirst();
  if (!plugin) throw new NotFoundError('plugin');
  // Checked as a saved endpoint's settings are (no URL: an update of an endpoint without any).
  const c = toEndpointColumns(
    { ...input, url: undefined },
    { events: null, api_version: null, filter: null },
    {
      pluginApiVersion: plugin.api_version,
      catalog: deps.versions.catalog(),
      derived: deps.versions.derived,
      allowPrivate: deps.allowPrivate,
    },
  );
  const spec = {
    events: c.events ?? null,
    locationIds: c.location_ids ?? [],
    planes: c.planes ?? ['sandbox', 'production'],
    filter: (input.filter ?? null) as EndpointFilter | null,
    version: c.api_version ?? plugin.api_version,
  };
  const rows = await lastFeedEvents(deps.db, pluginId, last);
  const events = rows.map((row): PreviewedEvent => {
    const reasons = routeMisses(spec, row);
    if (spec.filter) {
      const envelope = toEnvelope(row);
      if (deps.versions.migrator.differs(spec.version))
        deps.versions.migrator.eventBack(spec.version, envelope);
      reasons.push(...filterMisses(spec.filter, envelope));
    }
    return {
      eventId: row.event_id,
      event: row.event_type,
      installationId: row.installation_id,
      sequence: row.sequence,
      plane: row.plane,
      locationId: row.location_id,
      occurredAt: row.occurred_at,
      matched: reasons.length === 0,
      reasons,
    };
  });
  return { examined: events.length, matched: events.filter((e) => e.matched).length, events };
}

type FeedRow = Awaited<ReturnType<typeof lastFeedEvents>>[number];

/** The event, plane and location rules, each failed one a sentence. */
function routeMisses(
  spec: { events: string[] | null; locationIds: number[]; planes: string[] },
  row: FeedRow,
): string[] {
  const misses: string[] = [];
  if (!isSubscribed(spec.events, row.event_type as never))
    misses.push(`${row.event_type} is not among the endpoint's events`);
  if (!spec.planes.includes(row.plane))
    misses.push(`a ${row.plane} event; the endpoint receives ${spec.planes.join(' and ')} only`);
  if (spec.locationIds.length > 0 && !spec.locationIds.includes(row.location_id ?? -1))
    misses.push(
      row.location_id === null
        ? 'the event has no location; locationIds names some'
        : `location ${row.location_id} is not in locationIds`,
    );
  return misses;
}

/** The plugin's installations' newest feed entries with their events (every partition of the window). */
function lastFeedEvents(db: Db, pluginId: number, last: number) {
  return db
    .selectFrom('control.installation_events as ie')
    .innerJoin('control.installations as i', 'i.installation_id', 'ie.installation_id')
    .innerJoin('control.events as e', (join) =>
      join.onRef('e.event_id', '=', 'ie.event_id').onRef('e.occurred_at', '=', 'ie.occurred_at'),
    )
    .select([
      'ie.installation_id',
      'ie.sequence',
      'ie.event_id',
      'ie.event_type',
      'ie.occurred_at',
      'e.data as event_data',
      'e.request_id',
      'e.location_id',
      'i.plane',
    ])
    .where('i.plugin_id', '=', pluginId)
    .orderBy('ie.occurred_at', 'desc')
    .orderBy('ie.installation_id')
    .orderBy('ie.sequence', 'desc')
    .limit(last)
    .execute();
}
