import { useState } from 'preact/hooks';
import {
  DeleteSandboxDocument,
  ProtectSandboxDocument,
  ResetSandboxDocument,
  SandboxDocument,
} from '../../../generated/dashboard.generated';
import { gql } from '../api';
import { navigate } from '../router';
import { Confirm, ErrorMessage, Loading, Time, useAction, useQuery } from '../ui';
import { NotFound } from './not-found';
import { isNotFound } from './plugin';
import { ClockAndFaults, ScenarioRunner, TestEvent } from './sandbox-tools';

// One sandbox: status, clock and idle expiry; Reset, Protect, Delete (confirmed) and its tools.

export function SandboxPage({ id }: { id: string }) {
  const query = useQuery(() => gql(SandboxDocument, { id }), [id]);
  const [confirming, setConfirming] = useState(false);
  const reset = useAction(async () => {
    await gql(ResetSandboxDocument, { id });
    query.reload();
  });
  const protect = useAction(async (days: number) => {
    await gql(ProtectSandboxDocument, { id, days });
    query.reload();
  });
  const remove = useAction(async () => {
    await gql(DeleteSandboxDocument, { id });
    navigate('/dashboard/sandboxes');
  });
  if (query.loading && !query.data) return <Loading what="the sandbox" />;
  const s = query.data?.sandbox;
  if (isNotFound(query.error) || (query.data && !s) || s?.status === 'deleted')
    return <NotFound what="sandbox" />;
  if (!s) return <ErrorMessage error={query.error} />;
  return (
    <section>
      <h1>{s.name}</h1>
      <dl class="facts card">
        <dt>Status</dt>
        <dd>
          <span class={`badge ${s.status}`}>{s.status}</span>
        </dd>
        <dt>Installation</dt>
        <dd>{s.installationId ?? '—'}</dd>
        <dt>Clock</dt>
        <dd>
          <Time value={s.clockNow} /> ({s.clockOffsetDays} days ahead)
        </dd>
        <dt>Idle expiry</dt>
        <dd>
          <Time value={s.wouldExpireAt} />
        </dd>
        <dt>Protected until</dt>
        <dd>
          <Time value={s.protectedUntil} />
        </dd>
        <dt>Last used</dt>
        <dd>
          <Time value={s.lastAccessedAt} />
        </dd>
      </dl>
      <div class="actions">
        <button type="button" onClick={() => void reset.act()} disabled={reset.busy}>
          Reset
        </button>
        <form
          class="actions"
          aria-label="Protect"
          onSubmit={(e) => {
            e.preventDefault();
            void protect.act(Number(new FormData(e.currentTarget).get('days')));
          }}
        >
          <label>
            Days
            <input name="days" type="number" min={1} max={90} defaultValue="30" required />
          </label>
          <button type="submit" disabled={protect.busy}>
            Protect
          </button>
        </form>
        <button type="button" class="danger" onClick={() => setConfirming(true)}>
          Delete
        </button>
      </div>
      {confirming ? (
        <Confirm
          question={`Delete the sandbox “${s.name}”? Its data is dropped and its installation stops.`}
          confirm="Delete sandbox"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove.act()}
        />
      ) : null}
      <ErrorMessage error={reset.error ?? protect.error ?? remove.error} />
      <ClockAndFaults sandbox={s} onChanged={query.reload} />
      <ScenarioRunner sandboxId={s.id} />
      {s.installationId ? <TestEvent installationId={s.installationId} /> : null}
    </section>
  );
}
