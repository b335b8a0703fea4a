import { useEffect, useState } from 'preact/hooks';
import {
  EndpointFilterPreviewDocument,
  type EndpointFieldsFragment,
  type EndpointFilterPreviewQuery,
  type UpdateWebhookEndpointInput,
  type WebhookEndpointFilterInput,
  type WebhookEndpointPlane,
} from '../../../generated/dashboard.generated';
import { ApiError, gql } from '../api';
import { ErrorMessage } from '../ui';

// One endpoint's settings, new or changed, with the live preview of which of the plugin's recent
// events they would have selected (webhookEndpointFilterPreview). Errors of a field appear at the
// field, from the answer's extensions.details: keys are the input's names (url, events, filter,
// filter.<path>, ...). The filter is JSON typed by hand: a typo is said at once, before the API.

/** The form's text as typed; the input is made from it on submit and for each preview. */
interface Draft {
  url: string;
  description: string;
  events: string;
  locations: string;
  filter: string;
  ordering: 'NONE' | 'ORDER';
  rate: string;
  apiVersion: string;
  planes: WebhookEndpointPlane[];
}

const draftOf = (e: EndpointFieldsFragment | null): Draft => ({
  url: e?.url ?? '',
  description: e?.description ?? '',
  events: e?.events?.join(', ') ?? '',
  locations: e?.locationIds.join(', ') ?? '',
  filter: e?.filter ? JSON.stringify(e.filter, null, 2) : '',
  ordering: e?.ordering ?? 'NONE',
  rate: e?.rateLimitPerSecond?.toString() ?? '',
  apiVersion: e?.apiVersion ?? '',
  planes: e?.planes ?? ['SANDBOX', 'PRODUCTION'],
});

/** The input field each part of the draft fills (for its error). */
const INPUT_FIELD: Record<string, string> = {
  locations: 'locationIds',
  rate: 'rateLimitPerSecond',
};

const list = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The filter as JSON, or the local error to show at the field. */
function parseFilter(text: string): { filter: unknown } | { error: string } {
  if (!text.trim()) return { filter: null };
  try {
    return { filter: JSON.parse(text) };
  } catch (err) {
    return { error: `Filter is not valid JSON: ${(err as Error).message}` };
  }
}

function filterInput(d: Draft, filter: unknown): WebhookEndpointFilterInput {
  const events = list(d.events);
  return {
    events: events.length ? events : null,
    locationIds: list(d.locations),
    filter,
    apiVersion: d.apiVersion || null,
    planes: d.planes,
  };
}

function FieldError({ field, details }: { field: string; details: Record<string, string[]> }) {
  // filter.<path> problems are the filter's: shown under it, each naming its path.
  const messages =
    field === 'filter'
      ? Object.entries(details)
          .filter(([key]) => key === 'filter' || key.startsWith('filter.'))
          .flatMap(([key, m]) => m.map((text) => (key === 'filter' ? text : `${key}: ${text}`)))
      : (details[field] ?? []);
  return messages.length ? (
    <p class="field-error" id={`endpoint-err-${field}`}>
      {messages.join('; ')}
    </p>
  ) : null;
}

export function EndpointForm(props: {
  pluginId: string;
  endpoint: EndpointFieldsFragment | null;
  versions: { version: string; status: string }[];
  pluginApiVersion: string;
  onSubmit: (input: UpdateWebhookEndpointInput & { url: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const [d, setD] = useState(() => draftOf(props.endpoint));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // Fields changed since the API refused: their old problems no longer describe what is typed.
  const [edited, setEdited] = useState<Set<string>>(new Set());
  const set = (patch: Partial<Draft>) => {
    setD((old) => ({ ...old, ...patch }));
    setEdited((old) => new Set([...old, ...Object.keys(patch).map((k) => INPUT_FIELD[k] ?? k)]));
  };
  const parsed = parseFilter(d.filter);
  const refused = error instanceof ApiError ? error.details : {};
  const details: Record<string, string[]> = {
    ...Object.fromEntries(
      Object.entries(refused).filter(([key]) => !edited.has(key.split('.')[0]!)),
    ),
    ...('error' in parsed ? { filter: [parsed.error] } : {}),
  };
  const invalid = (field: string) =>
    Object.keys(details).some((k) => k === field || k.startsWith(`${field}.`))
      ? { 'aria-invalid': true as const, 'aria-describedby': `endpoint-err-${field}` }
      : {};
  const submit = async (event: Event) => {
    event.preventDefault();
    if ('error' in parsed) return;
    setBusy(true);
    try {
      const rate = d.rate.trim();
      await props.onSubmit({
        ...filterInput(d, parsed.filter),
        url: d.url.trim(),
        description: d.description.trim() || null,
        ordering: d.ordering,
        rateLimitPerSecond: rate ? Number(rate) : null,
      });
    } catch (err) {
      setError(err);
      setEdited(new Set());
    } finally {
      setBusy(false);
    }
  };
  const title = props.endpoint ? `Edit ${props.endpoint.url}` : 'New endpoint';
  const togglePlane = (plane: WebhookEndpointPlane, on: boolean) =>
    set({ planes: on ? [...d.planes, plane] : d.planes.filter((p) => p !== plane) });
  return (
    <form
      class="card endpoint-form"
      aria-labelledby="endpoint-form-title"
      onSubmit={submit}
      noValidate
    >
      <h2 id="endpoint-form-title">{title}</h2>
      <label>
        URL
        <input
          type="url"
          value={d.url}
          placeholder="https://example.com/webhooks"
          onInput={(e) => set({ url: e.currentTarget.value })}
          {...invalid('url')}
        />
      </label>
      <FieldError field="url" details={details} />
      <label>
        Description
        <input
          value={d.description}
          maxLength={500}
          onInput={(e) => set({ description: e.currentTarget.value })}
          {...invalid('description')}
        />
      </label>
      <FieldError field="description" details={details} />
      <label>
        Events (comma-separated names or families such as order.*; empty: every event)
        <input
          value={d.events}
          placeholder="order.created, payment.*"
          onInput={(e) => set({ events: e.currentTarget.value })}
          {...invalid('events')}
        />
      </label>
      <FieldError field="events" details={details} />
      <label>
        Location ids (comma-separated; empty: every location)
        <input
          value={d.locations}
          inputMode="numeric"
          onInput={(e) => set({ locations: e.currentTarget.value })}
          {...invalid('locationIds')}
        />
      </label>
      <FieldError field="locationIds" details={details} />
      <label>
        Filter (JSON: payload path to conditions eq, in, gte, lte, exists; empty: no filter)
        <textarea
          rows={4}
          value={d.filter}
          placeholder='{"data.party_size": {"gte": 4}}'
          spellcheck={false}
          onInput={(e) => set({ filter: e.currentTarget.value })}
          {...invalid('filter')}
        />
      </label>
      <FieldError field="filter" details={details} />
      <Preview
        pluginId={props.pluginId}
        input={'error' in parsed ? null : filterInput(d, parsed.filter)}
      />
      <label>
        Ordering
        <select
          value={d.ordering}
          onChange={(e) => set({ ordering: e.currentTarget.value as Draft['ordering'] })}
        >
          <option value="NONE">Any order (at least once)</option>
          <option value="ORDER">One order's events in sequence</option>
        </select>
      </label>
      <FieldError field="ordering" details={details} />
      <label>
        Rate limit (deliveries a second, 1 to 1000; empty: no limit of its own)
        <input
          type="number"
          min={1}
          max={1000}
          value={d.rate}
          onInput={(e) => set({ rate: e.currentTarget.value })}
          {...invalid('rateLimitPerSecond')}
        />
      </label>
      <FieldError field="rateLimitPerSecond" details={details} />
      <label>
        API version
        <select
          value={d.apiVersion}
          onChange={(e) => set({ apiVersion: e.currentTarget.value })}
          {...invalid('apiVersion')}
        >
          <option value="">The plugin's ({props.pluginApiVersion})</option>
          {props.versions.map((v) => (
            <option key={v.version} value={v.version}>
              {v.version} ({v.status})
            </option>
          ))}
        </select>
      </label>
      <FieldError field="apiVersion" details={details} />
      <fieldset {...invalid('planes')}>
        <legend>Planes</legend>
        <label class="check">
          <input
            type="checkbox"
            checked={d.planes.includes('SANDBOX')}
            onChange={(e) => togglePlane('SANDBOX', e.currentTarget.checked)}
          />
          Sandbox
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={d.planes.includes('PRODUCTION')}
            onChange={(e) => togglePlane('PRODUCTION', e.currentTarget.checked)}
          />
          Production
        </label>
        <FieldError field="planes" details={details} />
      </fieldset>
      <FieldError field="pluginId" details={details} />
      <ErrorMessage error={error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {props.endpoint ? 'Save endpoint' : 'Create endpoint'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

type PreviewData = EndpointFilterPreviewQuery['webhookEndpointFilterPreview'];

/** The last 20 events against the settings as typed, asked half a second after typing stops. */
function Preview({
  pluginId,
  input,
}: {
  pluginId: string;
  input: WebhookEndpointFilterInput | null;
}) {
  const [state, setState] = useState<{ data?: PreviewData; error?: unknown }>({});
  const key = JSON.stringify(input);
  useEffect(() => {
    if (!input) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      gql(EndpointFilterPreviewDocument, { pluginId, input }).then(
        (r) => live && setState({ data: r.webhookEndpointFilterPreview }),
        (error: unknown) => live && setState({ error }),
      );
    }, 500);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [pluginId, key]);
  const details = state.error instanceof ApiError ? state.error.details : {};
  return (
    <section class="preview" role="region" aria-label="Filter preview" aria-live="polite">
      <h3>Preview</h3>
      {state.error ? (
        Object.keys(details).length ? (
          <p class="field-error">
            {Object.entries(details)
              .map(([field, m]) => `${field}: ${m.join('; ')}`)
              .join(' · ')}
          </p>
        ) : (
          <ErrorMessage error={state.error} />
        )
      ) : state.data ? (
        <>
          <p>
            {state.data.matched} of {state.data.examined} recent events would have been received.
          </p>
          <ul class="plain preview-events">
            {state.data.events.map((e) => (
              <li key={e.eventId}>
                <span class={`badge ${e.matched ? 'delivered' : ''}`}>
                  {e.matched ? 'received' : 'skipped'}
                </span>{' '}
                {e.event} #{e.sequence} ({e.plane}, installation {e.installationId})
                {e.reasons.length ? <span class="muted"> — {e.reasons.join('; ')}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p class="muted">Checking the plugin's recent events…</p>
      )}
    </section>
  );
}
