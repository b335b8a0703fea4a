import { parseArgs } from 'node:util';
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  UpdateWebhookEndpointDocument,
  WebhookEndpointsDocument,
  type UpdateWebhookEndpointInput,
  type WebhookEndpointOrdering,
  type WebhookEndpointPlane,
  type WebhookEndpointsQuery,
} from '../generated/devcli.generated.js';
import { CliError, graphql } from './client.js';
import { loadCredentials } from './credentials.js';
import type { Io } from './terminal.js';

// svc endpoints: a plugin's webhook endpoints through the portal's GraphQL. Flags are the
// input's fields (--rate-limit: rateLimitPerSecond); `null` clears a nullable one on update. A
// developer key may manage sandbox-only endpoints (production traffic needs a portal session:
// the dashboard), so `create` asks for the sandbox plane unless --planes says otherwise.

export const ENDPOINTS_HELP = `usage: svc endpoints list --plugin <id> [--json]
       svc endpoints create --plugin <id> --url <https url> [fields] [--json]
       svc endpoints update <endpointId> [fields] [--json]
       svc endpoints delete <endpointId> [--json]
  fields: --url <https url>  --description <text>  --events order.created,order.*
          --locations 1,2  --filter '{"data.party_size":{"gte":4}}'  --ordering none|order
          --rate-limit <1-1000 a second>  --api-version <YYYY-MM-DD>  --planes sandbox,production
  On update, a field not given stays, and null clears --description, --events (every event),
  --filter, --rate-limit and --api-version (the plugin's pin). create defaults to --planes sandbox:
  an endpoint that receives production traffic needs a portal session (the dashboard's Endpoints page).
  create prints the endpoint's signing secret once. The primary endpoint (id primary) is the
  listing's webhook_endpoint: change it with the plugin's settings.`;

type Endpoint = NonNullable<WebhookEndpointsQuery['plugin']>['webhookEndpoints'][number];

const OPTIONS = {
  help: { type: 'boolean' },
  json: { type: 'boolean' },
  plugin: { type: 'string' },
  url: { type: 'string' },
  description: { type: 'string' },
  events: { type: 'string' },
  locations: { type: 'string' },
  filter: { type: 'string' },
  ordering: { type: 'string' },
  'rate-limit': { type: 'string' },
  'api-version': { type: 'string' },
  planes: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The input fields the flags give; absent flags are absent (update keeps them). */
export function endpointInput(values: Values): UpdateWebhookEndpointInput {
  const input: UpdateWebhookEndpointInput = {};
  const clearable = (v: string) => (v === 'null' ? null : v);
  if (values.url !== undefined) input.url = values.url;
  if (values.description !== undefined) input.description = clearable(values.description);
  if (values.events !== undefined)
    input.events = values.events === 'null' ? null : list(values.events);
  if (values.locations !== undefined) input.locationIds = list(values.locations);
  if (values.filter !== undefined) input.filter = parseFilter(values.filter);
  if (values.ordering !== undefined) {
    const ordering = values.ordering.toUpperCase();
    if (ordering !== 'NONE' && ordering !== 'ORDER')
      throw new CliError(`--ordering is none or order (got ${values.ordering})`);
    input.ordering = ordering as WebhookEndpointOrdering;
  }
  if (values['rate-limit'] !== undefined) {
    const rate = values['rate-limit'];
    // Checked by the portal (1 to 1000): here only that it is a number.
    if (rate !== 'null' && !/^\d+$/.test(rate))
      throw new CliError(`--rate-limit is a whole number of deliveries a second, or null`);
    input.rateLimitPerSecond = rate === 'null' ? null : Number(rate);
  }
  if (values['api-version'] !== undefined) input.apiVersion = clearable(values['api-version']);
  if (values.planes !== undefined)
    input.planes = list(values.planes).map((p) => p.toUpperCase() as WebhookEndpointPlane);
  return input;
}

function parseFilter(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`--filter is not JSON: ${(err as Error).message}`);
  }
}

/** One endpoint a line (Io's out makes it printable: no terminal escapes from a description). */
const line = (e: Endpoint) =>
  [
    e.id.padEnd(8),
    e.status.padEnd(9),
    e.planes.join(',').padEnd(19),
    e.url,
    e.events ? e.events.join(',') : 'every event',
    e.filter ? `filter ${JSON.stringify(e.filter)}` : '',
    e.description ?? '',
  ]
    .filter(Boolean)
    .join('  ');

export async function endpointsCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (values.help) {
    io.out(ENDPOINTS_HELP);
    return 0;
  }
  const json = Boolean(values.json);
  const credentials = loadCredentials(io.env);
  const [action, id] = positionals;
  const plugin = () => {
    if (!values.plugin) throw new CliError('--plugin is required (svc endpoints --help)');
    return values.plugin;
  };
  const endpointId = () => {
    if (!id) throw new CliError(`usage: svc endpoints ${action} <endpointId>`);
    return id;
  };
  switch (action) {
    case 'list': {
      const { plugin: found } = await graphql(credentials, WebhookEndpointsDocument, {
        p: plugin(),
      });
      if (!found) throw new CliError(`not_found: plugin ${values.plugin} not found`);
      if (json) io.out(JSON.stringify(found.webhookEndpoints));
      else for (const e of found.webhookEndpoints) io.out(line(e));
      return 0;
    }
    case 'create': {
      const input = { planes: ['SANDBOX' as const], ...endpointInput(values) };
      if (!input.url) throw new CliError('--url is required (svc endpoints --help)');
      const { createWebhookEndpoint: made } = await graphql(
        credentials,
        CreateWebhookEndpointDocument,
        { p: plugin(), input: { ...input, url: input.url } },
      );
      if (!made) throw new CliError(`not_found: plugin ${values.plugin} not found`);
      if (json) io.out(JSON.stringify({ ...made, note: 'The secret is shown once.' }));
      else
        io.out(
          `Created endpoint ${made.endpoint.id}\n${line(made.endpoint)}\n` +
            `Signing secret (shown once, copy it now): ${made.secret}\n` +
            `Standard Webhooks form: ${made.secretStandard}`,
        );
      return 0;
    }
    case 'update': {
      const { updateWebhookEndpoint: changed } = await graphql(
        credentials,
        UpdateWebhookEndpointDocument,
        { id: endpointId(), input: endpointInput(values) },
      );
      if (!changed) throw new CliError(`not_found: endpoint ${id} not found`);
      io.out(json ? JSON.stringify(changed) : `Updated endpoint ${changed.id}\n${line(changed)}`);
      return 0;
    }
    case 'delete': {
      const { deleteWebhookEndpoint: gone } = await graphql(
        credentials,
        DeleteWebhookEndpointDocument,
        { id: endpointId() },
      );
      if (!gone) throw new CliError(`not_found: endpoint ${id} not found`);
      io.out(json ? JSON.stringify(gone) : `Deleted endpoint ${gone.id} (${gone.url})`);
      return 0;
    }
    default:
      throw new CliError(ENDPOINTS_HELP);
  }
}
