import { useState } from 'preact/hooks';
import { DeliveryDocument, RedeliverDocument } from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { Link } from '../router';
import { ErrorMessage, Loading, TableRegion, Time, useAction, useQuery } from '../ui';
import { NotFound } from './not-found';
import { isNotFound } from './plugin';

// One delivery: the signed request exactly as sent, every attempt, and "Redeliver". A sandbox
// delivery handed to svc listen shows the local endpoint's answer the listener reported.

export function DeliveryPage({ id }: { id: string }) {
  const query = useQuery(() => gql(DeliveryDocument, { id }), [id]);
  const [redelivered, setRedelivered] = useState<string | null>(null);
  const redeliver = useAction(async () =>
    setRedelivered((await gql(RedeliverDocument, { logId: id })).redeliverWebhook.id),
  );
  if (query.loading && !query.data) return <Loading what="the delivery" />;
  if (isNotFound(query.error) || (query.data && !query.data.webhookLog))
    return <NotFound what="delivery" />;
  const log = query.data?.webhookLog;
  if (!log) return <ErrorMessage error={query.error} />;
  const envelope = parse(log.request?.body);
  const listened = log.listenerHttpStatus !== null;
  const localAnswer = listened
    ? `${log.listenerHttpStatus === 0 ? 'unreachable (0)' : log.listenerHttpStatus}${log.listenerDurationMs === null ? '' : ` in ${log.listenerDurationMs} ms`}`
    : '';
  return (
    <section>
      <h1>
        Delivery {log.id}: {log.eventType}
      </h1>
      <dl class="facts card">
        <dt>Status</dt>
        <dd>
          <span class={`badge ${log.status}`}>{log.status}</span>
        </dd>
        <dt>Installation</dt>
        <dd>{log.installationId}</dd>
        <dt>Envelope id</dt>
        <dd>
          <code>{String(envelope?.id ?? log.eventId ?? '—')}</code>
        </dd>
        <dt>Sequence</dt>
        <dd>{String(envelope?.sequence ?? log.sequence ?? '—')}</dd>
        <dt>Created</dt>
        <dd>
          <Time value={log.createdAt} />
        </dd>
        {listened ? (
          <>
            <dt>Local endpoint (svc listen)</dt>
            <dd>{localAnswer}</dd>
          </>
        ) : null}
        {log.redeliveryOf ? (
          <>
            <dt>Redelivery of</dt>
            <dd>
              <Link href={`/dashboard/deliveries/${log.redeliveryOf}`}>
                delivery {log.redeliveryOf}
              </Link>
            </dd>
          </>
        ) : null}
        {log.replayId ? (
          <>
            <dt>Replay</dt>
            <dd>{log.replayId}</dd>
          </>
        ) : null}
      </dl>
      <div class="actions">
        <button type="button" onClick={() => void redeliver.act()} disabled={redeliver.busy}>
          Redeliver
        </button>
      </div>
      <ErrorMessage error={redeliver.error} />
      {redelivered ? (
        <p role="status">
          Redelivered as{' '}
          <Link href={`/dashboard/deliveries/${redelivered}`}>delivery {redelivered}</Link>.
        </p>
      ) : null}
      <section class="card" aria-labelledby="request-title">
        <h2 id="request-title">Request</h2>
        {log.request?.headers ? (
          <TableRegion label="Headers">
            <table aria-label="Headers">
              <thead>
                <tr>
                  <th scope="col">Header</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {log.request.headers.map((h) => (
                  <tr key={h.name}>
                    <th scope="row">{h.name}</th>
                    <td>
                      <code>{h.value}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        ) : (
          <p class="muted">
            {listened
              ? `Forwarded by svc listen (the stream carries the body with its own signed headers); the local endpoint answered ${localAnswer}.`
              : log.attempts > 0
                ? 'No request went out to an endpoint: see the attempts below.'
                : 'No attempt has gone out yet.'}
          </p>
        )}
        <h3>Body</h3>
        {log.request ? (
          <pre aria-label="Body">
            <code>{envelope ? JSON.stringify(envelope, null, 2) : log.request.body}</code>
          </pre>
        ) : (
          <p class="muted">No body.</p>
        )}
      </section>
      <section class="card" aria-labelledby="attempts-title">
        <h2 id="attempts-title">Attempts</h2>
        {log.deliveryAttempts.length === 0 ? (
          <p class="muted">No attempt yet.</p>
        ) : (
          <TableRegion label="Attempts">
            <table aria-label="Attempts">
              <thead>
                <tr>
                  <th scope="col">Attempt</th>
                  <th scope="col">Time</th>
                  <th scope="col">Status</th>
                  <th scope="col">HTTP status</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Error and response</th>
                </tr>
              </thead>
              <tbody>
                {log.deliveryAttempts.map((a) => (
                  <tr key={a.attempt}>
                    <td>{a.attempt}</td>
                    <td>
                      <Time value={a.attemptedAt} />
                    </td>
                    <td>
                      <span class={`badge ${a.status}`}>{a.status}</span>
                    </td>
                    <td>
                      {a.httpStatus ??
                        (listened && a.attempt === log.attempts
                          ? `${log.listenerHttpStatus} (svc listen)`
                          : '—')}
                    </td>
                    <td>
                      {listened && a.attempt === log.attempts && a.httpStatus === null
                        ? (log.listenerDurationMs ?? a.durationMs)
                        : a.durationMs}{' '}
                      ms
                    </td>
                    <td>{a.errorMessage ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
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
