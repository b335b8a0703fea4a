import {
  PluginDocument,
  SubmitForReviewDocument,
  type PluginQuery,
} from '../../../generated/dashboard.generated';
import { ApiError, gql } from '../api';
import { Empty, ErrorMessage, Loading, TableRegion, Time, useAction, useQuery } from '../ui';
import { NotFound } from './not-found';
import { PluginNav } from './plugin-nav';
import { PluginSecret } from './plugin-secret';
import { PluginSettings } from './plugin-settings';

// One plugin: its settings, its secret, review, and its installations' delivery health.

export const isNotFound = (err: unknown) => err instanceof ApiError && err.code === 'not_found';

export function PluginPage({ id }: { id: string }) {
  const query = useQuery(() => gql(PluginDocument, { id }), [id]);
  const submit = useAction(async () => {
    await gql(SubmitForReviewDocument, { id });
    query.reload();
  });
  if (query.loading && !query.data) return <Loading what="the plugin" />;
  if (isNotFound(query.error) || (query.data && !query.data.plugin))
    return <NotFound what="plugin" />;
  if (!query.data?.plugin) return <ErrorMessage error={query.error} />;
  const plugin = query.data.plugin;
  return (
    <section>
      <h1>{plugin.name}</h1>
      <PluginNav id={plugin.id} current="overview" />
      <dl class="facts card">
        <dt>Status</dt>
        <dd>
          <span class="badge">{plugin.listingStatus}</span>
        </dd>
        <dt>Plugin id</dt>
        <dd>{plugin.id}</dd>
        <dt>Created</dt>
        <dd>
          <Time value={plugin.createdAt} />
        </dd>
        <dt>Updated</dt>
        <dd>
          <Time value={plugin.updatedAt} />
        </dd>
      </dl>
      {plugin.listingStatus === 'draft' || plugin.listingStatus === 'rejected' ? (
        <div class="actions">
          <button type="button" onClick={() => void submit.act()} disabled={submit.busy}>
            Submit for review
          </button>
        </div>
      ) : null}
      <ErrorMessage error={submit.error} />
      <PluginSettings key={plugin.id} plugin={plugin} onSaved={() => query.reload()} />
      <PluginSecret plugin={plugin} onChanged={() => query.reload()} />
      <Installations health={query.data.webhookHealth} />
    </section>
  );
}

function Installations({ health }: { health: PluginQuery['webhookHealth'] }) {
  return (
    <section class="card" aria-labelledby="installations-title">
      <h2 id="installations-title">Installations</h2>
      {health.length === 0 ? (
        <Empty>No installation yet. Provision a sandbox to get one.</Empty>
      ) : (
        <TableRegion label="Installations">
          <table aria-label="Installations">
            <thead>
              <tr>
                <th scope="col">Installation</th>
                <th scope="col">Delivered (24 h)</th>
                <th scope="col">Failed (24 h)</th>
                <th scope="col">Success rate</th>
                <th scope="col">Failing since</th>
                <th scope="col">Last error</th>
                <th scope="col">Sequence / acknowledged</th>
              </tr>
            </thead>
            <tbody>
              {health.map((h) => (
                <tr key={h.installationId}>
                  <th scope="row">{h.installationId}</th>
                  <td>{h.deliveredLast24h}</td>
                  <td>{h.failedLast24h}</td>
                  <td>{h.successRate === null ? '—' : `${Math.round(h.successRate * 100)}%`}</td>
                  <td>
                    <Time value={h.failingSince} />
                  </td>
                  <td>{h.lastError ?? '—'}</td>
                  <td>
                    {h.lastSequence} / {h.acknowledgedThrough}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
