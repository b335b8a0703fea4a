import { useState } from 'preact/hooks';
import {
  CreateEndpointDocument,
  DeleteEndpointDocument,
  DisableEndpointDocument,
  EnableEndpointDocument,
  PluginEndpointsDocument,
  RotateEndpointSecretDocument,
  UpdateEndpointDocument,
  type EndpointFieldsFragment,
  type PluginEndpointsQuery,
  type UpdateWebhookEndpointInput,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { Link } from '../router';
import {
  Confirm,
  Empty,
  ErrorMessage,
  Loading,
  OnceWarning,
  ShownOnce,
  Time,
  useAction,
  useQuery,
} from '../ui';
import { EndpointForm } from './endpoint-form';
import { EndpointTestEvent } from './endpoint-test-event';
import { NotFound } from './not-found';
import { isNotFound } from './plugin';
import { PluginNav } from './plugin-nav';

// A plugin's webhook endpoints: the primary one (the listing's webhook_endpoint, read-only here),
// then the others with Edit, Rotate secret, Disable/Enable and Delete; "New endpoint". Each shows
// its last 24 hours (success rate; delivered, failed and filtered-out counts) and can be sent a
// test event. A secret is shown once, where it was made. All through the portal's GraphQL, as a
// script would do it.

type Endpoint = EndpointFieldsFragment;
/** A secret just made: which endpoint, and the two forms of it. */
interface Shown {
  endpointId: string;
  what: string;
  secret: string;
  standard: string;
}

export function PluginEndpointsPage({ id }: { id: string }) {
  const query = useQuery(() => gql(PluginEndpointsDocument, { id }), [id]);
  // null: no form; 'new'; or the endpoint being edited.
  const [editing, setEditing] = useState<'new' | Endpoint | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  if (query.loading && !query.data) return <Loading what="the plugin's endpoints" />;
  if (isNotFound(query.error) || (query.data && !query.data.plugin))
    return <NotFound what="plugin" />;
  if (!query.data?.plugin) return <ErrorMessage error={query.error} />;
  const { plugin, apiVersions, sandboxes } = query.data;
  // The primary endpoint is tested from the plugin's newest active sandbox (testWebhook's way).
  const sandboxInstallation =
    sandboxes
      .filter((s) => s.pluginId === plugin.id && s.status === 'active' && s.installationId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]?.installationId ?? null;
  const save = async (input: UpdateWebhookEndpointInput & { url: string }) => {
    if (editing === 'new') {
      const made = (await gql(CreateEndpointDocument, { pluginId: id, input }))
        .createWebhookEndpoint!;
      setShown({
        endpointId: made.endpoint.id,
        what: 'Signing secret of the new endpoint',
        secret: made.secret,
        standard: made.secretStandard,
      });
    } else if (editing) {
      await gql(UpdateEndpointDocument, { id: editing.id, input });
      setShown(null);
    }
    setEditing(null);
    query.reload();
  };
  return (
    <section>
      <h1>{plugin.name}: Endpoints</h1>
      <PluginNav id={plugin.id} current="endpoints" />
      <p class="warning" role="note">
        Each enabled endpoint receives the events it selects, signed with its own secret, at most
        its rate limit a second. With ordering ORDER, each order's events arrive one at a time.
      </p>
      {editing ? (
        <EndpointForm
          key={editing === 'new' ? 'new' : editing.id}
          pluginId={plugin.id}
          endpoint={editing === 'new' ? null : editing}
          versions={apiVersions.filter((v) => v.status !== 'sunset')}
          pluginApiVersion={plugin.apiVersion}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div class="actions">
          <button
            type="button"
            class="primary"
            onClick={() => {
              setShown(null);
              setEditing('new');
            }}
          >
            New endpoint
          </button>
        </div>
      )}
      {plugin.webhookEndpoints.length === 0 ? (
        <Empty>
          No endpoint yet: set the plugin's webhook endpoint in its{' '}
          <Link href={`/dashboard/plugins/${encodeURIComponent(plugin.id)}`}>settings</Link>, or add
          one here.
        </Empty>
      ) : (
        plugin.webhookEndpoints.map((e) => (
          <EndpointCard
            key={e.id}
            endpoint={e}
            pluginId={plugin.id}
            health={query.data!.webhookHealth}
            sandboxInstallation={sandboxInstallation}
            shown={shown?.endpointId === e.id ? shown : null}
            onShown={setShown}
            onEdit={() => {
              setShown(null);
              setEditing(e);
            }}
            onChanged={query.reload}
          />
        ))
      )}
    </section>
  );
}

/**
 * The last 24 hours of an endpoint: its statistics, or for the primary endpoint (whose statistics
 * are zeros) its installations' delivery health summed, which counts its deliveries only.
 */
function last24Hours(e: Endpoint, health: PluginEndpointsQuery['webhookHealth']): string {
  const { delivered, failed, filteredOut } = e.primary
    ? {
        delivered: health.reduce((n, h) => n + h.deliveredLast24h, 0),
        failed: health.reduce((n, h) => n + h.failedLast24h, 0),
        filteredOut: null,
      }
    : e.statistics;
  const counts = [
    `${delivered} delivered`,
    `${failed} failed`,
    ...(filteredOut === null ? [] : [`${filteredOut} filtered out`]),
  ].join(', ');
  if (delivered + failed === 0) return `no deliveries (${counts})`;
  return `${Math.round((delivered / (delivered + failed)) * 100)}% succeeded (${counts})`;
}

function EndpointCard(props: {
  endpoint: Endpoint;
  pluginId: string;
  health: PluginEndpointsQuery['webhookHealth'];
  sandboxInstallation: string | null;
  shown: Shown | null;
  onShown: (s: Shown | null) => void;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const e = props.endpoint;
  const [confirming, setConfirming] = useState(false);
  const toggle = useAction(async () => {
    if (e.status === 'ENABLED') await gql(DisableEndpointDocument, { id: e.id });
    else await gql(EnableEndpointDocument, { id: e.id });
    props.onChanged();
  });
  const remove = useAction(async () => {
    await gql(DeleteEndpointDocument, { id: e.id });
    props.onShown(null);
    props.onChanged();
  });
  const titleId = `endpoint-${e.id}-title`;
  return (
    <article class="card endpoint" aria-labelledby={titleId}>
      <h2 id={titleId} class="endpoint-url">
        {e.url}
      </h2>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <span class={`badge ${e.status === 'ENABLED' ? 'active' : 'failed'}`}>
            {e.status === 'ENABLED' ? 'Enabled' : 'Disabled'}
          </span>
          {e.primary ? <span class="badge">Primary</span> : null}
        </dd>
        {e.description ? (
          <>
            <dt>Description</dt>
            <dd>{e.description}</dd>
          </>
        ) : null}
        <dt>Events</dt>
        <dd>{e.events ? e.events.join(', ') : 'every event'}</dd>
        <dt>Locations</dt>
        <dd>{e.locationIds.length ? e.locationIds.join(', ') : 'every location'}</dd>
        <dt>Filter</dt>
        <dd>{e.filter ? <code>{JSON.stringify(e.filter)}</code> : 'none'}</dd>
        <dt>Ordering</dt>
        <dd>{e.ordering === 'ORDER' ? "one order's events in sequence" : 'any order'}</dd>
        <dt>Rate limit</dt>
        <dd>{e.rateLimitPerSecond === null ? 'none' : `${e.rateLimitPerSecond} a second`}</dd>
        <dt>API version</dt>
        <dd>{e.apiVersion ?? "the plugin's"}</dd>
        <dt>Planes</dt>
        <dd>{e.planes.map((p) => (p === 'SANDBOX' ? 'sandbox' : 'production')).join(', ')}</dd>
        <dt>Last 24 hours</dt>
        <dd>{last24Hours(e, props.health)}</dd>
        {e.previousSecretExpiresAt ? (
          <>
            <dt>Previous secret signs until</dt>
            <dd>
              <Time value={e.previousSecretExpiresAt} />
            </dd>
          </>
        ) : null}
      </dl>
      {e.primary ? (
        <p class="muted">
          The listing's webhook endpoint: change it and its secret on the plugin's{' '}
          <Link href={`/dashboard/plugins/${encodeURIComponent(props.pluginId)}`}>overview</Link>.
        </p>
      ) : (
        <>
          <div class="actions">
            <button type="button" onClick={props.onEdit}>
              Edit<span class="sr-only"> {e.url}</span>
            </button>
            <button type="button" onClick={() => void toggle.act()} disabled={toggle.busy}>
              {e.status === 'ENABLED' ? 'Disable' : 'Enable'}
              <span class="sr-only"> {e.url}</span>
            </button>
            <button type="button" onClick={() => setConfirming(true)} disabled={remove.busy}>
              Delete<span class="sr-only"> {e.url}</span>
            </button>
          </div>
          {confirming ? (
            <Confirm
              question={`Delete the endpoint ${e.url} and its secret?`}
              confirm="Delete endpoint"
              onConfirm={() => {
                setConfirming(false);
                void remove.act();
              }}
              onCancel={() => setConfirming(false)}
            />
          ) : null}
          <ErrorMessage error={toggle.error ?? remove.error} />
          <RotateSecret endpoint={e} onShown={props.onShown} onChanged={props.onChanged} />
        </>
      )}
      {!e.primary || props.sandboxInstallation ? (
        <EndpointTestEvent
          endpointId={e.id}
          url={e.url}
          events={e.events}
          installationId={e.primary ? props.sandboxInstallation : null}
          onAnswered={props.onChanged}
        />
      ) : (
        <p class="muted">Provision a sandbox to send the primary endpoint a test event.</p>
      )}
      {props.shown ? (
        <div role="status">
          <ShownOnce label={props.shown.what} value={props.shown.secret} />
          <ShownOnce
            label={`${props.shown.what} (Standard Webhooks)`}
            value={props.shown.standard}
          />
          <OnceWarning />
        </div>
      ) : null}
    </article>
  );
}

function RotateSecret(props: {
  endpoint: Endpoint;
  onShown: (s: Shown) => void;
  onChanged: () => void;
}) {
  const e = props.endpoint;
  const rotate = useAction(async (overlapHours: number) => {
    const r = (await gql(RotateEndpointSecretDocument, { id: e.id, overlapHours }))
      .rotateWebhookEndpointSecret!;
    props.onShown({
      endpointId: e.id,
      what: 'New signing secret',
      secret: r.secret,
      standard: r.secretStandard,
    });
    props.onChanged();
  });
  const inputId = `overlap-${e.id}`;
  return (
    <form
      class="inline"
      aria-label={`Rotate the secret of ${e.url}`}
      onSubmit={(ev) => {
        ev.preventDefault();
        void rotate.act(Number(new FormData(ev.currentTarget).get('overlapHours')));
      }}
    >
      <label for={inputId}>Overlap hours (the previous secret keeps signing meanwhile)</label>
      <input
        id={inputId}
        name="overlapHours"
        type="number"
        min={0}
        max={168}
        defaultValue="24"
        required
        aria-invalid={rotate.error ? true : undefined}
      />
      <button type="submit" disabled={rotate.busy}>
        Rotate secret<span class="sr-only"> of {e.url}</span>
      </button>
      <ErrorMessage error={rotate.error} />
    </form>
  );
}
