import { useState } from 'preact/hooks';
import { ExpireSecretDocument, RotateSecretDocument, type PluginFieldsFragment } from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { ErrorMessage, OnceWarning, ShownOnce, Time, useAction } from '../ui';

// "Rotate secret" (the new secret shown once, in both forms) and "Expire previous secret".

export function PluginSecret({ plugin, onChanged }: { plugin: PluginFieldsFragment; onChanged: () => void }) {
  const [shown, setShown] = useState<{ secret: string; standard: string } | null>(null);
  const rotate = useAction(async (overlapHours: number) => {
    const result = (await gql(RotateSecretDocument, { pluginId: plugin.id, overlapHours })).rotateWebhookSecret!;
    setShown({ secret: result.webhookSecret, standard: result.webhookSecretStandard });
    onChanged();
  });
  const expire = useAction(async () => {
    await gql(ExpireSecretDocument, { pluginId: plugin.id });
    onChanged();
  });
  const overlapping = plugin.previousSecretExpiresAt !== null && Date.parse(plugin.previousSecretExpiresAt) > Date.now();
  return (
    <section class="card" aria-labelledby="secret-title">
      <h2 id="secret-title">Webhook secret</h2>
      <p>Signs the webhooks of restaurants' installations. Sandbox installations sign with the plugin's sandbox secret, shown when a sandbox is provisioned.</p>
      <form onSubmit={(e) => { e.preventDefault(); void rotate.act(Number(new FormData(e.currentTarget).get('overlapHours'))); }}>
        <label>Overlap hours (the previous secret keeps working meanwhile)
          <input name="overlapHours" type="number" min={0} max={168} defaultValue="24" required />
        </label>
        <ErrorMessage error={rotate.error} />
        <div class="actions"><button type="submit" disabled={rotate.busy}>Rotate secret</button></div>
      </form>
      {shown ? (
        <div role="status">
          <ShownOnce label="New webhook secret" value={shown.secret} />
          <ShownOnce label="New webhook secret (Standard Webhooks)" value={shown.standard} />
          <OnceWarning />
        </div>
      ) : null}
      {overlapping ? (
        <div>
          <p>The previous secret works until <Time value={plugin.previousSecretExpiresAt} />.</p>
          <ErrorMessage error={expire.error} />
          <button type="button" onClick={() => void expire.act()} disabled={expire.busy}>Expire previous secret</button>
        </div>
      ) : null}
    </section>
  );
}
