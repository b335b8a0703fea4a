import { parseArgs } from 'node:util';
import {
  AdvanceSandboxClockDocument,
  CancelScenarioDocument,
  MeDocument,
  RecentDeliveriesDocument,
  ReplayDeliveriesDocument,
  ResendDeliveryDocument,
  RunScenarioDocument,
  SandboxInstallationDocument,
  ScenarioRunDocument,
  SetSandboxDeliveryFaultsDocument,
  type RunScenarioMutation,
  type ScenarioKind,
} from '../generated/devcli.generated.js';
import { CliError, graphql } from './client.js';
import {
  checkedBaseUrl,
  installationKeys,
  loadCredentials,
  promptLogin,
  readStdin,
  saveCredentials,
} from './credentials.js';
import { endpointsCommand } from './endpoints.js';
import { DEFAULT_FORWARD_TIMEOUT_SECONDS, listen, streamCursor } from './listen.js';
import { terminalIo, type Io } from './terminal.js';
import { TRIGGERS } from './triggers.js';

// svc: the developer's command line for the platform. A thin client of the public GraphQL portal
// (and, for `trigger`, of the Data API): log in once, stream a sandbox's webhooks to a local URL,
// produce real events, follow and recover deliveries.

// Any local user can read another's command line (ps, /proc): keys and secrets belong elsewhere.
const ARGV_NOTE =
  '\n  Command-line arguments are visible to other users of this machine (ps): prefer the environment variables.';

const HELP: Record<string, string> = {
  main: `usage: svc <command> [options]

  login                               store the platform URL and a developer key (mode 0600)
  listen --sandbox <id> --forward-to <url> [--events order.*,payment.*] [--endpoint <id>]
                                      forward a sandbox's webhooks to a local URL, live
  trigger <event> --sandbox <id> [--key-file <file>]
                                      produce a real event in a sandbox (trigger --list: all 20)
  events list --sandbox <id>          the sandbox installation's recent deliveries
  events resend <logId>               deliver one again now (a new delivery, same envelope)
  events replay --sandbox <id> --since <time> [--all]
                                      re-send the failed (--all: every) deliveries since a time
  logs tail --sandbox <id> [--events ...]
                                      print the sandbox's deliveries as they happen
  scenario run <KIND> --sandbox <id> [--minutes 5] [--wait]
                                      play a restaurant scenario (LUNCH_RUSH, SPLIT_BILL, CARD_DECLINED,
                                      ITEM_86, STOCK_DEPLETION, END_OF_DAY); scenario status|cancel <runId>
  clock advance --sandbox <id> --days <n>
                                      move the sandbox's clock: trials end, expiry warnings come
  faults set --sandbox <id> [--duplicate-rate 0.5] [--reorder-window 10] [--fail-first-attempt]
                                      rehearse duplicates, out-of-order and retried deliveries (faults off: no flags)
  endpoints list|create|update|delete [--plugin <id>] [--url ...]
                                      a plugin's webhook endpoints (svc endpoints --help: every flag)
  mcp [--key-file <file>] [--allow-production-data]
                                      a Model Context Protocol server on stdio for an AI assistant (README: svc mcp)

Every command takes --help and --json. Credentials: svc login, or SVC_BASE_URL and SVC_API_KEY (https://, or http:// to this machine).${ARGV_NOTE}`,
  login:
    'usage: svc login [--base-url <url>] [--api-key-stdin | --api-key <svc_dev_...>]\n  Asks for what is not given (or SVC_BASE_URL / SVC_API_KEY; the key is typed unseen), checks it, and stores it mode 0600.\n  --api-key-stdin reads the key from stdin (a password manager, a file).' +
    ARGV_NOTE.replace('the environment variables', 'SVC_API_KEY, --api-key-stdin or the prompt'),
  listen:
    "usage: svc listen --sandbox <id> --forward-to <url> [--events order.*,payment.*] [--endpoint <id>] [--secret <webhook secret>] [--forward-timeout <s>] [--json]\n  Prints the webhook secret to verify with (--secret or SVC_WEBHOOK_SECRET: the plugin's sandbox secret, from provisionSandbox), then forwards each delivery (original headers, raw body) and prints\n  time, event, delivery id, local status and milliseconds. Reconnects after a drop and catches up\n  from the event sequence: nothing is lost or repeated. A local answer slower than --forward-timeout (default 10 s)\n  counts as none (status 0, timeout).\n  --endpoint <id>: only what that webhook endpoint receives (svc endpoints list), signed with its own secret (--secret: the one createWebhookEndpoint showed)." +
    ARGV_NOTE,
  trigger:
    'usage: svc trigger <event> --sandbox <id> [--key-file <file> | --key <installation key>] [--json]\n       svc trigger --list\n  Produces the event for real. Events a plugin causes (order.cancelled, menu.item_updated, inventory.*)\n  go through the Data API with the sandbox installation key (SVC_INSTALLATION_KEY, --key-file: a file holding it, or --key).' +
    ARGV_NOTE,
  events:
    'usage: svc events list --sandbox <id> | svc events resend <logId> | svc events replay --sandbox <id> --since <time> [--all]',
  logs: 'usage: svc logs tail --sandbox <id> [--events order.*] [--json]',
  scenario:
    'usage: svc scenario run <KIND> --sandbox <id> [--minutes 5] [--wait] | svc scenario status <runId> | svc scenario cancel <runId>\n  KIND: LUNCH_RUSH, SPLIT_BILL, CARD_DECLINED, ITEM_86, STOCK_DEPLETION, END_OF_DAY. --wait prints progress until the run ends.',
  clock:
    'usage: svc clock advance --sandbox <id> --days <1-60>\n  Runs what that time brings to the sandbox: trial.ending, trial conversion, sandbox.expiry_warning.',
  mcp:
    "usage: svc mcp [--key-file <file> | --key <installation key>[,<key>...]] [--allow-production-data]\n  Serves the platform's docs, sandboxes and logs as MCP tools over stdin/stdout, with the credentials of svc login\n  (or SVC_BASE_URL, SVC_API_KEY; a plugins:read key will do but for trigger_event and redeliver).\n  call_data_api uses a sandbox's installation key from SVC_INSTALLATION_KEY, --key-file (a file holding keys, one a line) or --key.\n  verify_signature reads the webhook secret from SVC_WEBHOOK_SECRET (or a file the assistant names), never from the assistant.\n  get_delivery and get_api_request read your sandboxes' logs only; --allow-production-data lets them read production\n  ones too (customers' personal data and text strangers wrote, sent to your assistant and its provider)." +
    ARGV_NOTE,
  faults:
    'usage: svc faults set --sandbox <id> [--duplicate-rate <0-1>] [--reorder-window <0-300 s>] [--fail-first-attempt]\n  Sets every fault at once: a flag not given is off, so `svc faults set --sandbox <id>` turns them all off.',
};

type ScenarioRunView = RunScenarioMutation['run'];

const runLine = (r: ScenarioRunView) =>
  `scenario run ${r.id} (${r.kind}): ${r.status}, ${r.stepsDone}/${r.stepsTotal} steps, ${r.eventsEmitted} events${r.error ? `; ${r.error}` : ''}`;

export async function run(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    io.out(HELP.main!);
    return command ? 0 : 2;
  }
  // Its own flags (the endpoint input's fields): --events there is a list to save, not a filter.
  if (command === 'endpoints') return endpointsCommand(rest, io);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      help: { type: 'boolean' },
      json: { type: 'boolean' },
      list: { type: 'boolean' },
      all: { type: 'boolean' },
      sandbox: { type: 'string' },
      'forward-to': { type: 'string' },
      'forward-timeout': { type: 'string' },
      endpoint: { type: 'string' },
      events: { type: 'string' },
      key: { type: 'string' },
      'key-file': { type: 'string' },
      'allow-production-data': { type: 'boolean' },
      secret: { type: 'string' },
      since: { type: 'string' },
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'api-key-stdin': { type: 'boolean' },
      minutes: { type: 'string' },
      wait: { type: 'boolean' },
      days: { type: 'string' },
      'duplicate-rate': { type: 'string' },
      'reorder-window': { type: 'string' },
      'fail-first-attempt': { type: 'boolean' },
    },
  });
  if (values.help) {
    io.out((Object.hasOwn(HELP, command) ? HELP[command] : undefined) ?? HELP.main!);
    return 0;
  }
  const json = Boolean(values.json);
  const print = (human: string, data: unknown) => io.out(json ? JSON.stringify(data) : human);
  const need = (name: 'sandbox' | 'forward-to' | 'since', value: string | undefined) => {
    if (!value) throw new CliError(`--${name} is required (svc ${command} --help)`);
    return value;
  };
  const events = values.events
    ?.split(',')
    .map((e) => e.trim())
    .filter(Boolean);

  switch (command) {
    case 'login': {
      let baseUrl = values['base-url'] ?? io.env.SVC_BASE_URL;
      if (baseUrl) checkedBaseUrl(baseUrl);
      let apiKey = values['api-key-stdin']
        ? await readStdin()
        : (values['api-key'] ?? io.env.SVC_API_KEY);
      if (values['api-key-stdin'] && !apiKey)
        throw new CliError('--api-key-stdin: stdin held no key');
      if (!baseUrl || !apiKey) ({ baseUrl, apiKey } = await promptLogin(baseUrl, apiKey));
      const credentials = { baseUrl: checkedBaseUrl(baseUrl), apiKey };
      const { me } = await graphql(credentials, MeDocument, {});
      const file = saveCredentials(credentials, io.env);
      print(`Logged in to ${credentials.baseUrl} as ${me.email} (saved in ${file})`, {
        baseUrl: credentials.baseUrl,
        email: me.email,
        file,
      });
      return 0;
    }
    case 'listen':
    case 'logs': {
      if (command === 'logs' && positionals[0] !== 'tail')
        throw new CliError('usage: svc logs tail --sandbox <id>');
      const credentials = loadCredentials(io.env);
      const sandbox = need('sandbox', values.sandbox);
      const endpoint = values.endpoint;
      const forwardTo = command === 'listen' ? need('forward-to', values['forward-to']) : null;
      const forwardTimeoutMs = forwardTimeout(values['forward-timeout']);
      // The cursor first: asking for it announces the listener, so an event triggered once Ready
      // is printed reaches this stream even for a plugin without a webhook endpoint.
      const cursor = await streamCursor(credentials, sandbox);
      if (forwardTo) {
        // Sandbox deliveries are signed with the plugin's sandbox secret (provisionSandbox shows it;
        // never the production one): svc prints the one it is given and never asks the server.
        const secret = values.secret ?? io.env.SVC_WEBHOOK_SECRET ?? null;
        print(
          secret
            ? `Ready. Deliveries are signed with the webhook secret ${secret} (Ctrl-C to stop)`
            : endpoint
              ? `Ready. Deliveries are signed with webhook endpoint ${endpoint}'s own secret, shown by createWebhookEndpoint (and at its rotation); pass it with --secret (or SVC_WEBHOOK_SECRET) to have it printed here (Ctrl-C to stop)`
              : "Ready. Deliveries are signed with your plugin's sandbox webhook secret, shown by provisionSandbox (and at a sandbox rotation); pass it with --secret (or SVC_WEBHOOK_SECRET) to have it printed here (Ctrl-C to stop)",
          { ready: true, secret },
        );
      }
      await listen(
        credentials,
        { sandbox, events, endpoint, forwardTo, forwardTimeoutMs, json },
        io,
        cursor,
      );
      return 0;
    }
    case 'trigger': {
      if (values.list) {
        for (const [name, { how }] of Object.entries(TRIGGERS))
          print(`${name.padEnd(30)} ${how}`, { event: name, how });
        return 0;
      }
      const event = positionals[0];
      // Own names only: `svc trigger constructor` is an unknown event, not Object's constructor.
      if (!event || !Object.hasOwn(TRIGGERS, event))
        throw new CliError(`unknown event ${event ?? '(none)'}: svc trigger --list shows the 20`);
      const credentials = loadCredentials(io.env);
      const keys = installationKeys(values, io.env);
      if (keys.length > 1)
        throw new CliError(
          "svc trigger takes one installation key: the sandbox's (svc mcp takes several)",
        );
      await TRIGGERS[event]!.run({
        credentials,
        sandboxId: need('sandbox', values.sandbox),
        installationKey: keys[0],
      });
      print(`Triggered ${event} in sandbox ${values.sandbox}`, {
        triggered: event,
        sandbox: values.sandbox,
      });
      return 0;
    }
    case 'mcp': {
      // Loaded on demand: the SDK is not needed by any other command.
      const { serveMcp } = await import('./mcp/server.js');
      await serveMcp(loadCredentials(io.env), {
        installationKeys: installationKeys(values, io.env),
        allowProductionData: Boolean(values['allow-production-data']),
        webhookSecret: io.env.SVC_WEBHOOK_SECRET || undefined,
      });
      return 0;
    }
    case 'events':
      return eventsCommand(positionals, values, io, json, print);
    case 'scenario': {
      const credentials = loadCredentials(io.env);
      const [action, arg] = positionals;
      if (action === 'run') {
        if (!arg)
          throw new CliError('usage: svc scenario run <KIND> --sandbox <id> (svc scenario --help)');
        // The kind as typed, upper-cased: the portal refuses one it does not know (validation_error).
        const started = await graphql(credentials, RunScenarioDocument, {
          s: need('sandbox', values.sandbox),
          k: arg.toUpperCase() as ScenarioKind,
          m: values.minutes === undefined ? 5 : Number(values.minutes),
        });
        let run: ScenarioRunView = started.run;
        print(runLine(run), run);
        if (!values.wait) return 0;
        while (run.status === 'running') {
          await new Promise((resolve) => setTimeout(resolve, 2000));
          const next = (await graphql(credentials, ScenarioRunDocument, { id: run.id })).run;
          if (!next) throw new CliError(`no scenario run ${run.id}`);
          run = next;
          print(runLine(run), run);
        }
        return run.status === 'completed' ? 0 : 1;
      }
      if (action === 'status' || action === 'cancel') {
        if (!arg) throw new CliError(`usage: svc scenario ${action} <runId>`);
        const { run } =
          action === 'status'
            ? await graphql(credentials, ScenarioRunDocument, { id: arg })
            : await graphql(credentials, CancelScenarioDocument, { id: arg });
        if (!run) throw new CliError(`no scenario run ${arg}`);
        print(runLine(run), run);
        return 0;
      }
      throw new CliError(HELP.scenario!);
    }
    case 'clock': {
      if (positionals[0] !== 'advance') throw new CliError(HELP.clock!);
      const credentials = loadCredentials(io.env);
      const { advanceSandboxClock: box } = await graphql(credentials, AdvanceSandboxClockDocument, {
        s: need('sandbox', values.sandbox),
        d: Number(values.days ?? NaN),
      });
      print(`sandbox ${box.id}: clock ${box.clockOffsetDays} days ahead (${box.clockNow})`, box);
      return 0;
    }
    case 'faults': {
      if (positionals[0] !== 'set') throw new CliError(HELP.faults!);
      const credentials = loadCredentials(io.env);
      const faults = {
        duplicateRate:
          values['duplicate-rate'] === undefined ? 0 : Number(values['duplicate-rate']),
        reorderWindowSeconds:
          values['reorder-window'] === undefined ? 0 : Number(values['reorder-window']),
        failFirstAttempt: Boolean(values['fail-first-attempt']),
      };
      const { setSandboxDeliveryFaults: box } = await graphql(
        credentials,
        SetSandboxDeliveryFaultsDocument,
        { s: need('sandbox', values.sandbox), f: faults },
      );
      const f = box.deliveryFaults;
      print(
        `sandbox ${box.id}: duplicates ${f.duplicateRate}, reorder window ${f.reorderWindowSeconds} s, fail first attempt ${f.failFirstAttempt ? 'on' : 'off'}`,
        box,
      );
      return 0;
    }
    default:
      throw new CliError(`unknown command ${command}: svc --help lists them`);
  }
}

async function eventsCommand(
  positionals: string[],
  values: Record<string, unknown>,
  io: Io,
  json: boolean,
  print: (h: string, d: unknown) => void,
): Promise<number> {
  const credentials = loadCredentials(io.env);
  const installationOf = async (sandbox: unknown) => {
    if (typeof sandbox !== 'string') throw new CliError('--sandbox is required');
    const { sandbox: box } = await graphql(credentials, SandboxInstallationDocument, {
      s: sandbox,
    });
    if (!box?.installationId)
      throw new CliError(`not_found: sandbox ${sandbox} has no installation`);
    return box.installationId;
  };
  switch (positionals[0]) {
    case 'list': {
      const { webhookLogs } = await graphql(credentials, RecentDeliveriesDocument, {
        i: await installationOf(values.sandbox),
      });
      const nodes = webhookLogs?.nodes ?? [];
      if (json) io.out(JSON.stringify(nodes));
      else
        for (const n of nodes)
          io.out(
            `${n.createdAt}  ${String(n.id).padStart(6)}  ${String(n.eventType).padEnd(28)} ${String(n.status).padEnd(12)} ${n.httpStatus ?? n.listenerHttpStatus ?? '-'}  #${n.sequence ?? '-'}`,
          );
      return 0;
    }
    case 'resend': {
      const logId = positionals[1];
      if (!logId) throw new CliError('usage: svc events resend <logId>');
      const { redeliverWebhook } = await graphql(credentials, ResendDeliveryDocument, {
        id: logId,
      });
      print(`Redelivering ${logId} as log ${redeliverWebhook.id}`, {
        original: logId,
        logId: redeliverWebhook.id,
      });
      return 0;
    }
    case 'replay': {
      const since = values.since;
      if (typeof since !== 'string' || Number.isNaN(Date.parse(since)))
        throw new CliError('--since <time> is required (an ISO 8601 date-time)');
      const { replayWebhooks } = await graphql(credentials, ReplayDeliveriesDocument, {
        i: await installationOf(values.sandbox),
        since: new Date(since).toISOString(),
        f: !values.all,
      });
      print(
        `Replay ${replayWebhooks.id}: ${replayWebhooks.total} events, in sequence order`,
        replayWebhooks,
      );
      return 0;
    }
    default:
      throw new CliError('usage: svc events list|resend <logId>|replay --since <time>');
  }
}

function forwardTimeout(value: string | undefined): number {
  const seconds = value === undefined ? DEFAULT_FORWARD_TIMEOUT_SECONDS : Number(value);
  if (!(seconds > 0 && seconds <= 600))
    throw new CliError('--forward-timeout is a number of seconds, more than 0 and at most 600');
  return Math.round(seconds * 1000);
}

/** The process entry (bin/svc.mjs): runs one command and exits with its code, a failure as one line. */
export async function cliMain(argv: string[]): Promise<never> {
  const io = terminalIo();
  try {
    process.exit(await run(argv, io));
  } catch (err) {
    const known =
      err instanceof CliError ||
      (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    io.err(`svc: ${known ? (err as Error).message : ((err as Error).stack ?? String(err))}`);
    process.exit(1);
  }
}
