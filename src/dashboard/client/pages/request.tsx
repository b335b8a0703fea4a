import { useState } from 'preact/hooks';
import { ApiRequestByRequestIdDocument } from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { ErrorMessage, Loading, Time, useQuery } from '../ui';
import { NotFound } from './not-found';
import { isNotFound } from './plugin';

// One Data API request by its request id: what was sent and answered (bodies redacted), and
// "Copy as curl" with a placeholder where the installation key goes.

export function RequestPage({ requestId }: { requestId: string }) {
  const query = useQuery(() => gql(ApiRequestByRequestIdDocument, { requestId }), [requestId]);
  const [copied, setCopied] = useState(false);
  if (query.loading && !query.data) return <Loading what="the request" />;
  const r = query.data?.apiRequestByRequestId;
  if (isNotFound(query.error) || (query.data && !r)) return <NotFound what="request" />;
  if (!r) return <ErrorMessage error={query.error} />;
  const curl = curlOf(r.method, `${location.origin}${r.path}`, r.requestBody);
  return (
    <section>
      <h1>
        {r.method} <code>{r.path}</code>
      </h1>
      <dl class="facts card">
        <dt>Status</dt>
        <dd>
          {r.status}
          {r.errorCode ? ` (${r.errorCode})` : ''}
        </dd>
        <dt>operationId</dt>
        <dd>{r.operationId ?? '—'}</dd>
        <dt>Request id</dt>
        <dd>
          <code>{r.requestId}</code>
        </dd>
        <dt>Time</dt>
        <dd>
          <Time value={r.createdAt} />
        </dd>
        <dt>Duration</dt>
        <dd>{r.durationMs.toFixed(1)} ms</dd>
        <dt>Installation</dt>
        <dd>{r.installationId}</dd>
        <dt>Client address</dt>
        <dd>{r.clientIp}</dd>
        <dt>Idempotency key</dt>
        <dd>{r.idempotencyKey ?? '—'}</dd>
      </dl>
      <section class="card" aria-labelledby="curl-title">
        <h2 id="curl-title">As curl</h2>
        <pre aria-label="curl">
          <code>{curl}</code>
        </pre>
        <button
          type="button"
          onClick={() => void navigator.clipboard.writeText(curl).then(() => setCopied(true))}
        >
          Copy as curl
        </button>
        {copied ? (
          <span role="status" class="ok">
            {' '}
            Copied.
          </span>
        ) : null}
      </section>
      <section class="card" aria-labelledby="bodies-title">
        <h2 id="bodies-title">Bodies (keys, secrets and tokens redacted)</h2>
        <h3>Request</h3>
        <pre aria-label="Request body">
          <code>
            {pretty(r.requestBody) ??
              (r.method === 'GET' || r.method === 'HEAD'
                ? 'No body (a read sends none).'
                : 'No body kept.')}
          </code>
        </pre>
        <h3>Response</h3>
        <pre aria-label="Response body">
          <code>
            {pretty(r.responseBody) ??
              (r.status < 400
                ? 'No body kept (a successful read keeps none; every error keeps its body).'
                : 'No body kept.')}
          </code>
        </pre>
      </section>
    </section>
  );
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curlOf(method: string, url: string, body: string | null): string {
  const lines = [`curl -X ${method} ${quote(url)}`, '  -H "X-Plugin-Api-Key: $PLUGIN_API_KEY"'];
  if (body) lines.push(`  -H 'Content-Type: application/json'`, `  --data ${quote(body)}`);
  return lines.join(' \\\n');
}

function pretty(body: string | null): string | null {
  if (body === null) return null;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
