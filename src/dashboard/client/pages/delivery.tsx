import { useState } from 'preact/hooks';
import { DeliveryDocument, RedeliverDocument } from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { Link } from '../router';
import { ErrorMessage, Loading, Time, useAction, useQuery } from '../ui';
import { NotFound } from './not-found';
import { isNotFound } from './plugin';

// One delivery: the signed request exactly as sent, every attempt, and "Redeliver".

export function DeliveryPage({ id }: { id: string }) {
  const query = useQuery(() => gql(DeliveryDocument, { id }), [id]);
  const [redelivered, setRedelivered] = useState<string | null>(null);
  const redeliver = useAction(async () => setRedelivered((await gql(RedeliverDocument, { logId: id })).redeliverWebhook.id));
  if (query.loading && !query.data) return <Loading what="the delivery" />;
  if (isNotFound(query.error) || (query.data && !query.data.webhookLog)) return <NotFound what="delivery" />;
  const log = query.data?.webhookLog;
  if (!log) return <ErrorMessage error={query.error} />;
  const envelope = parse(log.request?.body);
  return (
    <section>
      <h1>Delivery {log.id}: {log.eventType}</h1>
      <dl class="facts card">
        <dt>Status</dt><dd><span class={`badge ${log.status}`}>{log.status}</span></dd>
        <dt>Installation</dt><dd>{log.installationId}</dd>
        <dt>Envelope id</dt><dd><code>{String(envelope?.id ?? log.eventId ?? '—')}</code></dd>
        <dt>Sequence</dt><dd>{String(envelope?.sequence ?? log.sequence ?? '—')}</dd>
        <dt>Created</dt><dd><Time value={log.createdAt} /></dd>
        {log.redeliveryOf ? <><dt>Redelivery of</dt><dd><Link href={`/dashboard/deliveries/${log.redeliveryOf}`}>delivery {log.redeliveryOf}</Link></dd></> : null}
        {log.replayId ? <><dt>Replay</dt><dd>{log.replayId}</dd></> : null}
      </dl>
      <div class="actions">
        <button type="button" onClick={() => void redeliver.act()} disabled={redeliver.busy}>Redeliver</button>
      </div>
      <ErrorMessage error={redeliver.error} />
      {redelivered ? <p role="status">Redelivered as <Link href={`/dashboard/deliveries/${redelivered}`}>delivery {redelivered}</Link>.</p> : null}
      <section class="card" aria-labelledby="request-title">
        <h2 id="request-title">Request</h2>
        {log.request?.headers ? (
          <div class="table-wrap">
            <table aria-label="Headers">
              <thead><tr><th scope="col">Header</th><th scope="col">Value</th></tr></thead>
              <tbody>{log.request.headers.map((h) => <tr key={h.name}><th scope="row">{h.name}</th><td><code>{h.value}</code></td></tr>)}</tbody>
            </table>
          </div>
        ) : <p class="muted">No attempt has gone out yet.</p>}
        <h3>Body</h3>
        {log.request ? <pre aria-label="Body"><code>{envelope ? JSON.stringify(envelope, null, 2) : log.request.body}</code></pre> : <p class="muted">No body.</p>}
      </section>
      <section class="card" aria-labelledby="attempts-title">
        <h2 id="attempts-title">Attempts</h2>
        {log.deliveryAttempts.length === 0 ? <p class="muted">No attempt yet.</p> : (
          <div class="table-wrap">
            <table>
              <thead><tr><th scope="col">Attempt</th><th scope="col">Time</th><th scope="col">Status</th><th scope="col">HTTP status</th><th scope="col">Duration</th><th scope="col">Error and response</th></tr></thead>
              <tbody>
                {log.deliveryAttempts.map((a) => (
                  <tr key={a.attempt}>
                    <td>{a.attempt}</td><td><Time value={a.attemptedAt} /></td><td><span class={`badge ${a.status}`}>{a.status}</span></td>
                    <td>{a.httpStatus ?? '—'}</td><td>{a.durationMs} ms</td><td>{a.errorMessage ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}

function parse(body: string | undefined): Record<string, unknown> | null {
  try {
    return body ? (JSON.parse(body) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
