import { useState } from 'preact/hooks';
import {
  PluginApiVersionDocument,
  SetPluginApiVersionDocument,
  SetSandboxApiVersionDocument,
  type PluginApiVersionQuery,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { Empty, ErrorMessage, Loading, TableRegion, Time, useAction, useQuery } from '../ui';
import { UpgradeReport } from './api-upgrade-report';
import { NotFound } from './not-found';
import { isNotFound } from './plugin';
import { PluginNav } from './plugin-nav';

// A plugin's API version: the pin and its status, the upgrade report for a newer version, Upgrade,
// Roll back (within 72 hours of an upgrade) and each sandbox's own version. All of it through the
// portal's GraphQL, as a script would do it.

type Data = PluginApiVersionQuery;
type Version = Data['apiVersions'][number];

export function PluginApiVersionPage({ id }: { id: string }) {
  const [target, setTarget] = useState<string | undefined>(undefined);
  // What the last move did, shown once the page shows the pin it made.
  const [done, setDone] = useState<{ what: string; version: string } | null>(null);
  const query = useQuery(() => gql(PluginApiVersionDocument, { id, to: target }), [id, target]);
  const pin = useAction(async (version: string, what: string) => {
    await gql(SetPluginApiVersionDocument, { pluginId: id, version });
    setDone({ what, version });
    setTarget(undefined);
    query.reload();
  });
  if (query.loading && !query.data) return <Loading what="the plugin's API version" />;
  if (isNotFound(query.error) || (query.data && !query.data.plugin))
    return <NotFound what="plugin" />;
  if (!query.data?.plugin) return <ErrorMessage error={query.error} />;
  const { plugin, apiVersions } = query.data;
  const report = plugin.apiUpgradeReport;
  const info = apiVersions.find((v) => v.version === plugin.apiVersion);
  const newer = apiVersions.filter((v) => v.status !== 'sunset' && v.version > plugin.apiVersion);
  const act = (version: string, what: string) => {
    setDone(null);
    void pin.act(version, what);
  };
  return (
    <section>
      <h1>{plugin.name}: API version</h1>
      <PluginNav id={plugin.id} current="api-version" />
      <dl class="facts card">
        <dt>Pinned version</dt>
        <dd>
          {plugin.apiVersion} <span class="badge">{info?.status ?? 'unknown'}</span>
          {info?.sunsetAt ? (
            <>
              {' '}
              answered until <Time value={info.sunsetAt} />
            </>
          ) : null}
        </dd>
        <dt>Previous version</dt>
        <dd>{plugin.previousApiVersion ?? '—'}</dd>
        <dt>Roll back possible until</dt>
        <dd>
          <Time value={plugin.apiVersionRollbackUntil} />
        </dd>
      </dl>
      {done && done.version === plugin.apiVersion ? (
        <p class="ok" role="status">
          {done.what}: the plugin is pinned to {done.version}.
        </p>
      ) : null}
      <ErrorMessage error={pin.error} />
      {plugin.apiVersionRollbackUntil && plugin.previousApiVersion ? (
        <div class="actions">
          <button
            type="button"
            onClick={() => act(plugin.previousApiVersion!, 'Rolled back')}
            disabled={pin.busy}
          >
            Roll back
          </button>
          <span class="muted">to {plugin.previousApiVersion}</span>
        </div>
      ) : null}
      <section class="card" aria-labelledby="upgrade-title">
        <h2 id="upgrade-title">Upgrade report</h2>
        {newer.length === 0 ? (
          <Empty>{plugin.apiVersion} is the newest version: there is nothing to upgrade to.</Empty>
        ) : (
          <>
            <TargetPicker versions={newer} value={report.to} onChange={setTarget} />
            <ErrorMessage error={query.error} />
            <UpgradeReport report={report} />
            <div class="actions">
              <button
                type="button"
                class="primary"
                onClick={() => act(report.to, 'Upgraded')}
                disabled={pin.busy || report.to <= plugin.apiVersion}
              >
                Upgrade
              </button>
              <span class="muted">
                to {report.to}. A live plugin can roll back within 72 hours of an upgrade.
              </span>
            </div>
          </>
        )}
      </section>
      <SandboxVersions data={query.data} onChanged={query.reload} />
    </section>
  );
}

function TargetPicker(props: {
  versions: Version[];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label>
      Target version
      <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {props.versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.version} ({v.status})
          </option>
        ))}
      </select>
    </label>
  );
}

/** Each sandbox of the plugin with its own version, or "follow the plugin" (null). */
function SandboxVersions({ data, onChanged }: { data: Data; onChanged: () => void }) {
  const plugin = data.plugin!;
  const boxes = data.sandboxes.filter((s) => s.pluginId === plugin.id && s.status !== 'deleted');
  const answered = data.apiVersions.filter((v) => v.status !== 'sunset');
  const save = useAction(async (sandboxId: string, version: string | null) => {
    await gql(SetSandboxApiVersionDocument, { sandboxId, version });
    onChanged();
  });
  return (
    <section class="card" aria-labelledby="sandbox-versions-title">
      <h2 id="sandbox-versions-title">Sandbox versions</h2>
      <p class="muted">
        A sandbox can try another version before the plugin moves; by default it follows the
        plugin's.
      </p>
      <ErrorMessage error={save.error} />
      {boxes.length === 0 ? (
        <Empty>No sandbox of this plugin.</Empty>
      ) : (
        <TableRegion label="Sandbox versions">
          <table aria-label="Sandbox versions">
            <thead>
              <tr>
                <th scope="col">Sandbox</th>
                <th scope="col">Version</th>
              </tr>
            </thead>
            <tbody>
              {boxes.map((box) => (
                <tr key={box.id}>
                  <th scope="row">{box.name}</th>
                  <td>
                    <form
                      class="inline"
                      onSubmit={(e) => {
                        e.preventDefault();
                        const v = String(new FormData(e.currentTarget).get('version') ?? '');
                        void save.act(box.id, v || null);
                      }}
                    >
                      <label>
                        <span class="sr-only">API version of {box.name}</span>
                        <select
                          name="version"
                          defaultValue={box.apiVersion ?? ''}
                          key={box.apiVersion}
                        >
                          <option value="">Follow the plugin ({plugin.apiVersion})</option>
                          {answered.map((v) => (
                            <option key={v.version} value={v.version}>
                              {v.version} ({v.status})
                            </option>
                          ))}
                        </select>
                      </label>
                      <button type="submit" disabled={save.busy}>
                        Apply<span class="sr-only"> to {box.name}</span>
                      </button>
                    </form>
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
