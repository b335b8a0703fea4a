import { useState } from 'preact/hooks';
import {
  UpdatePluginDocument,
  type PluginFieldsFragment,
  type UpdatePluginInput,
} from '../../../generated/dashboard.generated';
import { EVENT_FAMILIES, EVENT_FAMILY, EVENT_NAMES } from '../../../generated/events.generated';
import { ApiError, gql } from '../api';
import { ErrorMessage } from '../ui';

// A plugin's listing settings. Errors of a field appear at the field, from the answer's
// extensions.details (keys are the input's names: webhookEndpoint, pricing.price, ...).

/** The capabilities a listing can ask for (Plugin.supportedFeatures in the SDL). */
const FEATURES = ['orders:create', 'payments:capture'];

function FieldError({
  id,
  details,
  field,
}: {
  id: string;
  details: Record<string, string[]>;
  field: string;
}) {
  const messages = details[field];
  return messages ? (
    <p class="field-error" id={id}>
      {messages.join('; ')}
    </p>
  ) : null;
}

export function PluginSettings({
  plugin,
  onSaved,
}: {
  plugin: PluginFieldsFragment;
  onSaved: (p: PluginFieldsFragment) => void;
}) {
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [defaultEvents, setDefaultEvents] = useState(plugin.supportedEvents === null);
  const [model, setModel] = useState(plugin.pricing.model);
  const details = error instanceof ApiError ? error.details : {};
  const invalid = (field: string) =>
    details[field] ? { 'aria-invalid': true as const, 'aria-describedby': `err-${field}` } : {};
  const events = new Set(plugin.supportedEvents ?? []);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const input: UpdatePluginInput = {
      name: String(form.get('name') ?? ''),
      webhookEndpoint: String(form.get('webhookEndpoint') ?? '').trim() || null,
      supportedEvents: defaultEvents ? null : form.getAll('events').map(String),
      supportedFeatures: form.getAll('features').map(String),
      pricing: { model, price: model === 'paid' ? String(form.get('price') ?? '') : null },
      trialDays: Number(form.get('trialDays') ?? 0),
      webhookAutoRecover: form.get('webhookAutoRecover') === 'on',
    };
    setBusy(true);
    setSaved(false);
    try {
      const result = await gql(UpdatePluginDocument, { id: plugin.id, input });
      setError(null);
      setSaved(true);
      onSaved(result.updatePlugin!);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card" aria-labelledby="settings-title" onSubmit={submit} noValidate>
      <h2 id="settings-title">Settings</h2>
      <label>
        Name
        <input name="name" defaultValue={plugin.name} {...invalid('name')} />
      </label>
      <FieldError id="err-name" details={details} field="name" />
      <label>
        Webhook endpoint
        <input
          name="webhookEndpoint"
          type="url"
          placeholder="https://example.com/webhooks"
          defaultValue={plugin.webhookEndpoint ?? ''}
          {...invalid('webhookEndpoint')}
        />
      </label>
      <FieldError id="err-webhookEndpoint" details={details} field="webhookEndpoint" />
      <fieldset>
        <legend>Events</legend>
        <label class="check">
          <input
            type="checkbox"
            checked={defaultEvents}
            onChange={(e) => setDefaultEvents(e.currentTarget.checked)}
          />
          The default subscription
        </label>
        {defaultEvents
          ? null
          : EVENT_FAMILIES.map((family) => (
              <fieldset key={family}>
                <legend>{family}</legend>
                <label class="check">
                  <input
                    type="checkbox"
                    name="events"
                    value={`${family}.*`}
                    defaultChecked={events.has(`${family}.*`)}
                  />
                  Every {family} event ({family}.*)
                </label>
                {EVENT_NAMES.filter((name) => EVENT_FAMILY[name] === family).map((name) => (
                  <label class="check" key={name}>
                    <input
                      type="checkbox"
                      name="events"
                      value={name}
                      defaultChecked={events.has(name)}
                    />
                    {name}
                  </label>
                ))}
              </fieldset>
            ))}
        <FieldError id="err-supportedEvents" details={details} field="supportedEvents" />
      </fieldset>
      <fieldset>
        <legend>Features</legend>
        {FEATURES.map((f) => (
          <label class="check" key={f}>
            <input
              type="checkbox"
              name="features"
              value={f}
              defaultChecked={plugin.supportedFeatures.includes(f)}
            />
            {f}
          </label>
        ))}
        <FieldError id="err-supportedFeatures" details={details} field="supportedFeatures" />
      </fieldset>
      <fieldset>
        <legend>Pricing</legend>
        <label>
          Model
          <select
            name="model"
            value={model}
            onChange={(e) => setModel(e.currentTarget.value as typeof model)}
          >
            <option value="free">free</option>
            <option value="paid">paid</option>
          </select>
        </label>
        {model === 'paid' ? (
          <label>
            Price
            <input
              name="price"
              inputMode="decimal"
              defaultValue={plugin.pricing.price ?? ''}
              {...invalid('pricing.price')}
            />
          </label>
        ) : null}
        <FieldError id="err-pricing.price" details={details} field="pricing.price" />
        <FieldError id="err-pricing" details={details} field="pricing" />
        <label>
          Trial days
          <input
            name="trialDays"
            type="number"
            min={0}
            max={365}
            defaultValue={String(plugin.trialDays)}
            {...invalid('trialDays')}
          />
        </label>
        <FieldError id="err-trialDays" details={details} field="trialDays" />
      </fieldset>
      <label class="check">
        <input
          type="checkbox"
          name="webhookAutoRecover"
          defaultChecked={plugin.webhookAutoRecover}
        />
        webhookAutoRecover: replay the last 24 hours' failures once a delivery succeeds again
      </label>
      <ErrorMessage error={error} />
      {saved ? (
        <p class="ok" role="status">
          Saved.
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Save settings
        </button>
      </div>
    </form>
  );
}
