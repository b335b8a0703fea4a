import { useState } from 'preact/hooks';
import {
  ExpireSecretDocument,
  RotateSecretDocument,
  type DataPlane,
  type PluginFieldsFragment,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { ErrorMessage, OnceWarning, ShownOnce, Time, useAction } from '../ui';

// The plugin's two webhook secrets, each with "Rotate" (the new secret shown once, in both forms,
// the overlap in hours) and "Expire previous secret": the production one signs restaurants'
// installations; the sandbox one signs every sandbox installation's deliveries and svc listen's.

const PLANES = [
  {
    plane: 'production' as DataPlane,
    title: 'Production webhook secret',
    about: "Signs the webhooks of restaurants' installations (shown when the plugin was created).",
    expiresAt: (p: PluginFieldsFragment) => p.previousSecretExpiresAt,
  },
  {
    plane: 'sandbox' as DataPlane,
    title: 'Sandbox webhook secret',
    about:
      "Signs every sandbox installation's webhooks, and what svc listen forwards (shown when a sandbox is provisioned).",
    expiresAt: (p: PluginFieldsFragment) => p.sandboxPreviousSecretExpiresAt,
  },
] as const;

export function PluginSecret({
  plugin,
  onChanged,
}: {
  plugin: PluginFieldsFragment;
  onChanged: () => void;
}) {
  return (
    <>
      {PLANES.map((p) => (
        <PlaneSecret key={p.plane} {...p} plugin={plugin} onChanged={onChanged} />
      ))}
    </>
  );
}

function PlaneSecret(
  props: (typeof PLANES)[number] & { plugin: PluginFieldsFragment; onChanged: () => void },
) {
  const { plugin, plane, onChanged } = props;
  const [shown, setShown] = useState<{ secret: string; standard: string } | null>(null);
  const rotate = useAction(async (overlapHours: number) => {
    const result = (await gql(RotateSecretDocument, { pluginId: plugin.id, overlapHours, plane }))
      .rotateWebhookSecret!;
    setShown({ secret: result.webhookSecret, standard: result.webhookSecretStandard });
    onChanged();
  });
  const expire = useAction(async () => {
    await gql(ExpireSecretDocument, { pluginId: plugin.id, plane });
    onChanged();
  });
  const expiresAt = props.expiresAt(plugin);
  const overlapping =
    expiresAt !== null && expiresAt !== undefined && Date.parse(expiresAt) > Date.now();
  const id = `secret-${plane}`;
  return (
    <section class="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <p>{props.about}</p>
      <form
        aria-label={`Rotate the ${plane} secret`}
        onSubmit={(e) => {
          e.preventDefault();
          void rotate.act(Number(new FormData(e.currentTarget).get('overlapHours')));
        }}
      >
        <label>
          Overlap hours (the previous secret keeps working meanwhile)
          <input name="overlapHours" type="number" min={0} max={168} defaultValue="24" required />
        </label>
        <ErrorMessage error={rotate.error} />
        <div class="actions">
          <button type="submit" disabled={rotate.busy}>
            Rotate {plane} secret
          </button>
        </div>
      </form>
      {shown ? (
        <div role="status">
          <ShownOnce label={`New ${plane} webhook secret`} value={shown.secret} />
          <ShownOnce
            label={`New ${plane} webhook secret (Standard Webhooks)`}
            value={shown.standard}
          />
          <OnceWarning />
        </div>
      ) : null}
      {overlapping ? (
        <div>
          <p>
            The previous {plane} secret works until <Time value={expiresAt} />.
          </p>
          <ErrorMessage error={expire.error} />
          <button type="button" onClick={() => void expire.act()} disabled={expire.busy}>
            Expire previous {plane} secret
          </button>
        </div>
      ) : null}
    </section>
  );
}
