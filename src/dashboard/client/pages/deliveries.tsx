import { useEffect, useState } from 'preact/hooks';
import { DeliveriesDocument, type DeliveriesQuery } from '../../../generated/dashboard.generated';
import { DELIVERY_STATUSES } from '../../../generated/delivery-statuses.generated';
import { EVENT_NAMES } from '../../../generated/events.generated';
import { gql, retryAfterOf } from '../api';
import { Link, navigate, usePath } from '../router';
import { Empty, ErrorMessage, Loading, TableRegion, Time, useLiveRefresh, useQuery } from '../ui';
import { ReplayForm } from './replay';

// "Webhook deliveries": the developer's outbound deliveries, newest first, filtered by the
// address's query (deep links), paged by cursor, and refreshed every 30 seconds on the first page
// while the tab is visible. Not faster: the page spends the developer's portal budget (60 requests
// a minute, shared by every tab, script and svc command); every 3 seconds, two tabs and some
// clicking used it up. Not the webhook stream: it covers one sandbox, and an open stream takes the
// sandbox's deliveries for itself when the plugin has no endpoint.

const REFRESH_MS = 30_000;

export function DeliveriesPage() {
  const path = usePath();
  const params = new URLSearchParams(path.split('?')[1] ?? '');
  const filter = {
    status: params.get('status') || null,
    event: params.get('event') || null,
    installationId: params.get('installation') || null,
  };
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors[cursors.length - 1] ?? null;
  const key = JSON.stringify({ ...filter, after });
  const list = useQuery(() => gql(DeliveriesDocument, { first: 20, after, ...filter }), [key]);
  useEffect(() => setCursors([]), [path]);
  useLiveRefresh(list.reload, REFRESH_MS, after === null && retryAfterOf(list.error) === null);
  const applyFilter = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const query = new URLSearchParams();
    for (const name of ['status', 'event', 'installation'])
      if (form.get(name)) query.set(name, String(form.get(name)));
    navigate(`/dashboard/deliveries${query.size ? `?${query}` : ''}`);
  };
  const page = list.data?.webhookDeliveries;
  return (
    <section>
      <h1>Webhook deliveries</h1>
      <form class="filters" aria-label="Filter deliveries" onSubmit={applyFilter} key={path}>
        <label>
          Status
          <select name="status" defaultValue={filter.status ?? ''}>
            <option value="">any</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Event
          <select name="event" defaultValue={filter.event ?? ''}>
            <option value="">any</option>
            {EVENT_NAMES.map((e) => (
              <option key={e}>{e}</option>
            ))}
          </select>
        </label>
        <label>
          Installation
          <input
            name="installation"
            inputMode="numeric"
            defaultValue={filter.installationId ?? ''}
          />
        </label>
        <div class="actions">
          <button type="submit">Apply filters</button>
        </div>
      </form>
      {list.loading && !list.data ? <Loading what="deliveries" /> : null}
      <ErrorMessage error={list.error} />
      {page && page.nodes.length === 0 ? (
        <Empty>
          No delivery matches. Deliveries appear here as events happen (this list refreshes by
          itself every 30 seconds).
        </Empty>
      ) : null}
      {page && page.nodes.length > 0 ? <DeliveryTable rows={page.nodes} /> : null}
      <div class="actions">
        {after === null ? (
          <button type="button" onClick={list.reload} disabled={list.loading}>
            Refresh
          </button>
        ) : null}
        {cursors.length > 0 ? (
          <button type="button" onClick={() => setCursors(cursors.slice(0, -1))}>
            Previous page
          </button>
        ) : null}
        {page?.pageInfo.hasNextPage ? (
          <button type="button" onClick={() => setCursors([...cursors, page.pageInfo.endCursor!])}>
            Next page
          </button>
        ) : null}
      </div>
      <ReplayForm />
    </section>
  );
}

function DeliveryTable({ rows }: { rows: DeliveriesQuery['webhookDeliveries']['nodes'] }) {
  return (
    <TableRegion label="Deliveries">
      <table aria-label="Deliveries">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Event</th>
            <th scope="col">Installation</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">HTTP status</th>
            <th scope="col">Duration</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id}>
              <td>
                <Time value={d.createdAt} />
              </td>
              <td>
                <Link href={`/dashboard/deliveries/${d.id}`}>{d.eventType}</Link>
                {d.redeliveryOf ? <span class="muted"> (redelivery)</span> : null}
              </td>
              <td>{d.installationId}</td>
              <td>
                <span class={`badge ${d.status}`}>{d.status}</span>
              </td>
              <td>{d.attempts}</td>
              <td>{answerOf(d).status ?? '—'}</td>
              <td>{answerOf(d).durationMs === null ? '—' : `${answerOf(d).durationMs} ms`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** The endpoint's answer, or for a delivery handed to svc listen the local endpoint's (which it reported). */
function answerOf(d: DeliveriesQuery['webhookDeliveries']['nodes'][number]): {
  status: number | null;
  durationMs: number | null;
} {
  if (d.httpStatus === null && d.listenerHttpStatus !== null)
    return { status: d.listenerHttpStatus, durationMs: d.listenerDurationMs };
  return { status: d.httpStatus, durationMs: d.durationMs };
}
