import { useState } from 'preact/hooks';
import {
  ReplayDocument,
  ReplayProgressDocument,
  type ReplayMutation,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { ErrorMessage, useAction, useProgressPolling } from '../ui';

// "Replay" a time range of an installation (failed deliveries only by default), with its progress.

type Progress = NonNullable<ReplayMutation['replayWebhooks']>;

export function ReplayForm() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const replay = useAction(async (form: FormData) => {
    const iso = (name: string) =>
      form.get(name) ? new Date(String(form.get(name))).toISOString() : null;
    const result = await gql(ReplayDocument, {
      installationId: String(form.get('installation')),
      since: iso('since')!,
      until: iso('until'),
      onlyFailed: form.get('onlyFailed') === 'on',
    });
    setProgress(result.replayWebhooks);
  });
  useProgressPolling(
    progress?.status === 'running',
    () =>
      void gql(ReplayProgressDocument, { id: progress!.id }).then(
        (r) => r.webhookReplay && setProgress(r.webhookReplay),
        () => undefined,
      ),
    progress,
  );
  const dayAgo = new Date(Date.now() - 24 * 3600_000 - new Date().getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  return (
    <form
      class="card"
      aria-labelledby="replay-title"
      onSubmit={(e) => {
        e.preventDefault();
        void replay.act(new FormData(e.currentTarget));
      }}
    >
      <h2 id="replay-title">Replay</h2>
      <p class="muted">
        Sends the events of a time range again, in sequence order, each as a new delivery.
      </p>
      <label>
        Installation
        <input name="installation" inputMode="numeric" required />
      </label>
      <label>
        From (your time)
        <input name="since" type="datetime-local" defaultValue={dayAgo} required />
      </label>
      <label>
        Until (empty: now)
        <input name="until" type="datetime-local" />
      </label>
      <label class="check">
        <input type="checkbox" name="onlyFailed" defaultChecked />
        Only deliveries that failed
      </label>
      <ErrorMessage error={replay.error} />
      <div class="actions">
        <button type="submit" disabled={replay.busy}>
          Replay
        </button>
      </div>
      {progress ? (
        <div role="status">
          <p>
            Replay {progress.id}: {progress.status}, {progress.delivered} delivered,{' '}
            {progress.failed} failed, {progress.queued} queued of {progress.total}.
          </p>
          <progress
            max={Math.max(progress.total, 1)}
            value={progress.delivered + progress.failed}
            aria-label="Replay progress"
          />
        </div>
      ) : null}
    </form>
  );
}
