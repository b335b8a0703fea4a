import { useState } from 'preact/hooks';
import {
  CreateDeveloperKeyDocument,
  DeveloperKeysDocument,
  RevokeDeveloperKeyDocument,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import {
  Confirm,
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

// Developer keys: the list, "Create key" (the key shown once) and "Revoke" with a confirmation.

const SCOPES = ['plugins:read', 'plugins:write'];

export function KeysPage() {
  const keys = useQuery(() => gql(DeveloperKeysDocument), []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const create = useAction(async (form: FormData) => {
    const allowlist = String(form.get('ipAllowlist') ?? '')
      .split(/[\s,]+/)
      .filter(Boolean);
    const result = await gql(CreateDeveloperKeyDocument, {
      name: String(form.get('name') ?? ''),
      scopes: form.getAll('scopes').map(String),
      ipAllowlist: allowlist.length ? allowlist : null,
    });
    setCreated(result.createDeveloperKey!.key);
    setCreating(false);
    keys.reload();
  });
  const revoke = useAction(async (id: string) => {
    await gql(RevokeDeveloperKeyDocument, { id });
    setRevoking(null);
    keys.reload();
  });
  return (
    <section>
      <h1>Developer keys</h1>
      <p class="muted">
        Keys let scripts and the svc CLI use the portal:{' '}
        <code>Authorization: Bearer svc_dev_…</code>
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          aria-expanded={creating}
          onClick={() => {
            setCreating(true);
            setCreated(null);
          }}
        >
          Create key
        </button>
      </div>
      {creating ? (
        <form
          class="card"
          aria-label="Create key"
          onSubmit={(e) => {
            e.preventDefault();
            void create.act(new FormData(e.currentTarget));
          }}
        >
          <label>
            Name
            <input name="name" required maxLength={100} />
          </label>
          <fieldset>
            <legend>Scopes</legend>
            {SCOPES.map((s) => (
              <label class="check" key={s}>
                <input type="checkbox" name="scopes" value={s} defaultChecked />
                {s}
              </label>
            ))}
          </fieldset>
          <label>
            IP allowlist (optional: addresses or CIDR blocks, separated by commas)
            <input name="ipAllowlist" placeholder="203.0.113.0/24" />
          </label>
          <ErrorMessage error={create.error} />
          <div class="actions">
            <button type="submit" class="primary" disabled={create.busy}>
              Create
            </button>
            <button type="button" onClick={() => setCreating(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {created ? (
        <div class="card" role="status">
          <ShownOnce label="New developer key" value={created} />
          <OnceWarning />
        </div>
      ) : null}
      {keys.loading && !keys.data ? <Loading what="your keys" /> : null}
      <ErrorMessage error={keys.error} />
      {revoking ? (
        <Confirm
          question={`Revoke the key “${revoking.name}”? Scripts using it stop working at once.`}
          confirm="Revoke key"
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke.act(revoking.id)}
        />
      ) : null}
      <ErrorMessage error={revoke.error} />
      {keys.data?.developerKeys.length === 0 ? <Empty>No developer key yet.</Empty> : null}
      {keys.data && keys.data.developerKeys.length > 0 ? (
        <TableRegion label="Developer keys">
          <table aria-label="Developer keys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Scopes</th>
                <th scope="col">Allowlist</th>
                <th scope="col">Last used</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.developerKeys.map((k) => (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td>
                    <code>{k.prefix}</code>
                  </td>
                  <td>{k.scopes.join(', ')}</td>
                  <td>
                    {k.ipAllowlist.length ? (
                      k.ipAllowlist.join(', ')
                    ) : (
                      <span class="muted">anywhere</span>
                    )}
                  </td>
                  <td>
                    <Time value={k.lastUsedAt} />
                  </td>
                  <td>
                    <Time value={k.createdAt} />
                  </td>
                  <td>
                    {k.revokedAt ? (
                      <span class="muted">
                        Revoked <Time value={k.revokedAt} />
                      </span>
                    ) : (
                      <button type="button" onClick={() => setRevoking({ id: k.id, name: k.name })}>
                        Revoke
                      </button>
                    )}
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
