import {
  WebhookStreamCursorDocument,
  WebhookStreamDocument,
  type WebhookStreamSubscription,
} from '../generated/devcli.generated.js';
import { CliError, graphql, subscribe, type Credentials } from './client.js';
import { ResultReporter } from './reports.js';
import type { Io } from './terminal.js';

// `svc listen` and `svc logs tail`: a sandbox's webhook stream, each delivery forwarded to a local
// URL (or only printed), its local answer reported back to the platform's delivery log.

/** How long a local endpoint may take to answer before the delivery counts as unanswered. */
export const DEFAULT_FORWARD_TIMEOUT_SECONDS = 10;

type StreamEvent = WebhookStreamSubscription['webhookStream'];

export interface ListenOptions {
  sandbox: string;
  events: string[] | undefined;
  /** One webhook endpoint's deliveries only (its id); absent: the sandbox's. */
  endpoint?: string | undefined;
  /** Null: print only (logs tail). */
  forwardTo: string | null;
  forwardTimeoutMs: number;
  json: boolean;
}

interface LocalResult {
  status: number;
  ms: number;
  error?: 'timeout';
}

export async function streamCursor(credentials: Credentials, sandbox: string): Promise<string> {
  const { webhookStreamCursor } = await graphql(credentials, WebhookStreamCursorDocument, {
    s: sandbox,
  });
  return webhookStreamCursor;
}

/**
 * The stream, forever: forwards (or prints) each delivery and remembers the stream's cursor; after
 * a drop it reconnects with that cursor, so the events emitted meanwhile arrive, each once.
 */
export async function listen(
  credentials: Credentials,
  options: ListenOptions,
  io: Io,
  from: string,
): Promise<void> {
  const reporter = new ResultReporter(credentials, io);
  let cursor = from;
  let wait = 500;
  for (;;) {
    try {
      for await (const data of subscribe(credentials, WebhookStreamDocument, {
        s: options.sandbox,
        e: options.events ?? null,
        a: cursor,
        endpoint: options.endpoint ?? null,
      })) {
        wait = 500;
        const event = data.webhookStream;
        const result = options.forwardTo
          ? await forward(event, options.forwardTo, options.forwardTimeoutMs)
          : null;
        if (result) reporter.report({ logId: event.logId, status: result.status, ms: result.ms });
        io.out(
          options.json
            ? JSON.stringify({ at: new Date().toISOString(), ...summary(event), ...result })
            : line(event, result),
        );
        cursor = event.cursor;
      }
    } catch (err) {
      // Refusals end the command (a wrong sandbox or key will not fix itself); a 429 or a drop is waited out.
      if (
        err instanceof CliError &&
        /refused \(HTTP 4(?!29)|not_found|authentication|insufficient/.test(err.message)
      )
        throw err;
      io.err(`svc: stream dropped (${(err as Error).message}); reconnecting`);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 10_000);
  }
}

const summary = (e: StreamEvent) => ({
  event: e.event,
  logId: e.logId,
  deliveryId: e.deliveryId,
  sequence: e.sequence,
  installationId: e.installationId,
});

function line(event: StreamEvent, result: LocalResult | null): string {
  const local = result
    ? `  -> ${result.error === 'timeout' ? 'timed out' : result.status || 'unreachable'}  ${result.ms} ms`
    : '';
  return `${new Date().toISOString()}  ${event.event.padEnd(28)} ${event.deliveryId}  #${event.sequence}${local}`;
}

/** One POST to the local endpoint, bounded in time: a hung local server must not stall the stream. */
async function forward(event: StreamEvent, url: string, timeoutMs: number): Promise<LocalResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  let status = 0;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: Object.fromEntries(event.headers.map((h) => [h.name, h.value])),
      body: event.body,
      redirect: 'manual',
      signal,
    });
    status = res.status;
    await res.arrayBuffer().catch(() => undefined);
  } catch {
    status = 0;
  }
  const ms = Math.round(performance.now() - started);
  return signal.aborted ? { status: 0, ms, error: 'timeout' } : { status, ms };
}
