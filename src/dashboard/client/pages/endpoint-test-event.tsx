import { useState } from 'preact/hooks';
import {
  EndpointTestResultDocument,
  SendEndpointTestEventDocument,
  type EndpointTestResultQuery,
} from '../../../generated/dashboard.generated';
import { EVENT_NAMES } from '../../../generated/events.generated';
import { gql } from '../api';
import { Link } from '../router';
import { ErrorMessage, useAction } from '../ui';

// "Send test event" on an endpoint's card: a real signed webhook of the chosen event to that
// endpoint (sendWebhookEndpointTestEvent), then its first answer: status, HTTP status, duration;
// the page's counts are read again then (a test event counts in them).
// The entry is read a few times, sooner first (every tab shares the developer's 60 portal requests
// a minute); one still waiting then links to its delivery page.

type Result = NonNullable<EndpointTestResultQuery['webhookLog']>;

const POLL_DELAYS_MS = [300, 500, 1000, 1000, 2000, 2000, 3000, 5000];

/** The events an endpoint's list selects (null: every one): names and family wildcards. */
function selected(events: readonly string[] | null): string[] {
  if (!events || events.includes('*')) return [...EVENT_NAMES];
  return EVENT_NAMES.filter(
    (name) => events.includes(name) || events.includes(`${name.split('.')[0]}.*`),
  );
}

/** The entry once its first attempt is made or it is settled (skipped, say), else as last read. */
async function firstAnswer(logId: string): Promise<Result | null> {
  let last: Result | null = null;
  for (const delay of POLL_DELAYS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    last = (await gql(EndpointTestResultDocument, { id: logId })).webhookLog ?? null;
    if (!last || last.status !== 'pending' || last.attempts > 0) return last;
  }
  return last;
}

function describe(r: Result): string {
  const answer = [
    r.httpStatus === null ? null : `HTTP ${r.httpStatus}`,
    r.durationMs === null ? null : `in ${r.durationMs} ms`,
  ]
    .filter(Boolean)
    .join(' ');
  if (r.status === 'delivered') return `Delivered: ${answer}.`;
  if (r.status === 'skipped') return `Skipped: ${r.errorMessage ?? 'not sent'}`;
  if (r.status === 'pending' && r.attempts === 0) return 'Queued: not sent yet.';
  const why = [answer, r.errorMessage].filter(Boolean).join(', ');
  return r.status === 'pending'
    ? `Failed, retrying: ${why || 'no answer'}.`
    : `Failed: ${why || 'no answer'}.`;
}

export function EndpointTestEvent(props: {
  endpointId: string;
  url: string;
  events: readonly string[] | null;
  /** The installation to send from (the primary endpoint needs one); null: the server chooses. */
  installationId: string | null;
  /** Told once the answer is shown (the page reads the counts again). */
  onAnswered: () => void;
}) {
  const events = selected(props.events);
  const [sent, setSent] = useState<{ logId: string; result: Result | null } | null>(null);
  const send = useAction(async (event: string) => {
    setSent(null);
    const { logId } = (
      await gql(SendEndpointTestEventDocument, {
        id: props.endpointId,
        event,
        installationId: props.installationId,
      })
    ).sendWebhookEndpointTestEvent!;
    setSent({ logId, result: null });
    setSent({ logId, result: await firstAnswer(logId) });
    props.onAnswered();
  });
  const selectId = `test-event-${props.endpointId}`;
  return (
    <form
      class="inline"
      aria-label={`Send a test event to ${props.url}`}
      onSubmit={(ev) => {
        ev.preventDefault();
        void send.act(String(new FormData(ev.currentTarget).get('event')));
      }}
    >
      <label for={selectId}>Test event</label>
      <select id={selectId} name="event">
        {events.map((e) => (
          <option key={e}>{e}</option>
        ))}
      </select>
      <button type="submit" disabled={send.busy}>
        Send test event<span class="sr-only"> to {props.url}</span>
      </button>
      <ErrorMessage error={send.error} />
      <p role="status" class="test-result">
        {sent ? (
          <>
            {sent.result ? describe(sent.result) : 'Sent, waiting for the answer…'}{' '}
            <Link href={`/dashboard/deliveries/${encodeURIComponent(sent.logId)}`}>
              Delivery {sent.logId}
            </Link>
          </>
        ) : null}
      </p>
    </form>
  );
}
