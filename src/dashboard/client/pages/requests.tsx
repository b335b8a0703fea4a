import { useEffect, useState } from 'preact/hooks';
import {
  ApiRequestsDocument,
  MyInstallationsDocument,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { Link, navigate, usePath } from '../router';
import { Empty, ErrorMessage, Loading, TableRegion, Time, useQuery } from '../ui';

// "API requests": an installation's Data API requests, newest first, filtered by the address's
// query (installation, status, operationId, since), paged by cursor.

export function RequestsPage() {
  const path = usePath();
  const params = new URLSearchParams(path.split('?')[1] ?? '');
  const installations = useQuery(() => gql(MyInstallationsDocument), []);
  const sandboxes = (installations.data?.sandboxes ?? []).filter((s) => s.installationId);
  const installationId = params.get('installation') || sandboxes[0]?.installationId || null;
  const status = params.get('status') ? Number(params.get('status')) : null;
  const operationId = params.get('operationId') || null;
  const since = params.get('since') ? new Date(params.get('since')!).toISOString() : null;
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors[cursors.length - 1] ?? null;
  const key = JSON.stringify({ installationId, status, operationId, since, after });
  const list = useQuery(
    () =>
      installationId
        ? gql(ApiRequestsDocument, { installationId, first: 20, after, status, operationId, since })
        : Promise.resolve(null),
    [key],
  );
  useEffect(() => setCursors([]), [path]);
  const apply = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const query = new URLSearchParams();
    for (const name of ['installation', 'status', 'operationId', 'since'])
      if (form.get(name)) query.set(name, String(form.get(name)));
    navigate(`/dashboard/requests${query.size ? `?${query}` : ''}`);
  };
  const page = list.data?.apiRequests;
  return (
    <section>
      <h1>API requests</h1>
      <p class="muted">
        Open a request by the <code>request_id</code> of any error body:{' '}
        <code>/dashboard/requests/&lt;request_id&gt;</code>.
      </p>
      <form
        class="filters"
        aria-label="Filter requests"
        onSubmit={apply}
        key={`${path}:${installationId}`}
      >
        <label>
          Installation
          <input
            name="installation"
            inputMode="numeric"
            list="installations"
            defaultValue={installationId ?? ''}
          />
        </label>
        <datalist id="installations">
          {sandboxes.map((s) => (
            <option key={s.id} value={s.installationId!}>
              {s.name}
            </option>
          ))}
        </datalist>
        <label>
          Status
          <input
            name="status"
            inputMode="numeric"
            placeholder="404"
            defaultValue={params.get('status') ?? ''}
          />
        </label>
        <label>
          operationId
          <input name="operationId" placeholder="getOrder" defaultValue={operationId ?? ''} />
        </label>
        <label>
          Since (your time)
          <input name="since" type="datetime-local" defaultValue={params.get('since') ?? ''} />
        </label>
        <div class="actions">
          <button type="submit">Apply filters</button>
        </div>
      </form>
      {installations.loading || (list.loading && !list.data) ? <Loading what="requests" /> : null}
      <ErrorMessage error={installations.error ?? list.error} />
      {!installations.loading && !installationId ? (
        <Empty>Choose an installation: the log is kept per installation.</Empty>
      ) : null}
      {page && page.nodes.length === 0 ? <Empty>No request matches.</Empty> : null}
      {page && page.nodes.length > 0 ? (
        <TableRegion label="Requests">
          <table aria-label="Requests">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">Status</th>
                <th scope="col">Error code</th>
                <th scope="col">operationId</th>
                <th scope="col">Duration</th>
                <th scope="col">Request id</th>
              </tr>
            </thead>
            <tbody>
              {page.nodes.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Time value={r.createdAt} />
                  </td>
                  <td>{r.method}</td>
                  <td>
                    <code>{r.path}</code>
                  </td>
                  <td>{r.status}</td>
                  <td>{r.errorCode ?? '—'}</td>
                  <td>{r.operationId ?? '—'}</td>
                  <td>{r.durationMs.toFixed(1)} ms</td>
                  <td>
                    <Link href={`/dashboard/requests/${encodeURIComponent(r.requestId)}`}>
                      {r.requestId}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      <div class="actions">
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
    </section>
  );
}
