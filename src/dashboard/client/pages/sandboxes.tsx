import { useState } from 'preact/hooks';
import {
  ProvisionSandboxDocument,
  SandboxesDocument,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { Link } from '../router';
import {
  Empty,
  ErrorMessage,
  Loading,
  OnceWarning,
  ShownOnce,
  TableRegion,
  Time,
  useAction,
  useQuery,
} from '../ui';

// The developer's sandboxes, and "Provision sandbox" (its key and secret shown once).

export function SandboxesPage() {
  const query = useQuery(() => gql(SandboxesDocument), []);
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{
    id: string;
    key: string;
    secret: string;
    standard: string;
  } | null>(null);
  const provision = useAction(async (form: FormData) => {
    const r = (
      await gql(ProvisionSandboxDocument, {
        pluginId: String(form.get('pluginId')),
        name: String(form.get('name')),
        purpose: String(form.get('purpose') ?? '') || null,
      })
    ).provisionSandbox!;
    setCreated({
      id: r.sandbox.id,
      key: r.installationKey,
      secret: r.webhookSecret,
      standard: r.webhookSecretStandard,
    });
    setOpen(false);
    query.reload();
  });
  const plugins = (query.data?.myDeveloperProjects ?? []).flatMap((p) => p.plugins);
  return (
    <section>
      <h1>Sandboxes</h1>
      <div class="actions">
        <button
          type="button"
          class="primary"
          aria-expanded={open}
          onClick={() => {
            setOpen(true);
            setCreated(null);
          }}
        >
          Provision sandbox
        </button>
      </div>
      {open ? (
        <form
          class="card"
          aria-label="Provision sandbox"
          onSubmit={(e) => {
            e.preventDefault();
            void provision.act(new FormData(e.currentTarget));
          }}
        >
          {plugins.length === 0 ? (
            <p>Create a plugin first: a sandbox installs one of your plugins.</p>
          ) : null}
          <label>
            Plugin
            <select name="pluginId" required>
              {plugins.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Name
            <input name="name" required maxLength={100} />
          </label>
          <label>
            Purpose (optional)
            <input name="purpose" />
          </label>
          <ErrorMessage error={provision.error} />
          <div class="actions">
            <button type="submit" class="primary" disabled={provision.busy || plugins.length === 0}>
              Provision
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {created ? (
        <div class="card" role="status">
          <h2>Sandbox provisioned</h2>
          <ShownOnce label="X-Plugin-Api-Key" value={created.key} />
          <ShownOnce label="Webhook secret" value={created.secret} />
          <ShownOnce label="Webhook secret (Standard Webhooks)" value={created.standard} />
          <OnceWarning />
          <p>
            <Link href={`/dashboard/sandboxes/${created.id}`}>Open the sandbox</Link>
          </p>
        </div>
      ) : null}
      {query.loading && !query.data ? <Loading what="your sandboxes" /> : null}
      <ErrorMessage error={query.error} />
      {query.data?.sandboxes.length === 0 ? <Empty>No sandbox yet.</Empty> : null}
      {query.data && query.data.sandboxes.length > 0 ? (
        <TableRegion label="Sandboxes">
          <table aria-label="Sandboxes">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Installation</th>
                <th scope="col">Clock</th>
                <th scope="col">Idle expiry</th>
              </tr>
            </thead>
            <tbody>
              {query.data.sandboxes.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link href={`/dashboard/sandboxes/${s.id}`}>{s.name}</Link>
                  </td>
                  <td>
                    <span class={`badge ${s.status}`}>{s.status}</span>
                  </td>
                  <td>{s.installationId ?? '—'}</td>
                  <td>{s.clockOffsetDays ? `+${s.clockOffsetDays} days` : 'now'}</td>
                  <td>
                    <Time value={s.wouldExpireAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </section>
  );
}
