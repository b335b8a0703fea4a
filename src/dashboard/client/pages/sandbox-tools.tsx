import { useState } from 'preact/hooks';
import {
  AdvanceClockDocument,
  CancelScenarioDocument,
  RunScenarioDocument,
  ScenarioProgressDocument,
  SendTestEventDocument,
  SetFaultsDocument,
  type ScenarioFieldsFragment,
  type ScenarioKind,
  type SandboxFieldsFragment,
} from '../../../generated/dashboard.generated';
import { EVENT_NAMES } from '../../../generated/events.generated';
import { gql } from '../api';
import { Link } from '../router';
import { ErrorMessage, useAction, useProgressPolling } from '../ui';

// A sandbox's power tools: "Advance clock", "Delivery faults", "Run scenario" (live progress,
// "Cancel") and "Send test event".

const SCENARIOS = [
  'LUNCH_RUSH',
  'SPLIT_BILL',
  'CARD_DECLINED',
  'ITEM_86',
  'STOCK_DEPLETION',
  'END_OF_DAY',
] as const satisfies readonly ScenarioKind[];
// A scenario the SDL adds and this list lacks fails `make typecheck` here.
const everyScenario: Exclude<ScenarioKind, (typeof SCENARIOS)[number]> extends never
  ? true
  : never = true;
void everyScenario;

export function ClockAndFaults({
  sandbox,
  onChanged,
}: {
  sandbox: SandboxFieldsFragment;
  onChanged: () => void;
}) {
  const advance = useAction(async (days: number) => {
    await gql(AdvanceClockDocument, { sandboxId: sandbox.id, days });
    onChanged();
  });
  const faults = useAction(async (form: FormData) => {
    await gql(SetFaultsDocument, {
      sandboxId: sandbox.id,
      faults: {
        duplicateRate: Number(form.get('duplicateRate')),
        reorderWindowSeconds: Number(form.get('reorderWindowSeconds')),
        failFirstAttempt: form.get('failFirstAttempt') === 'on',
      },
    });
    onChanged();
  });
  const f = sandbox.deliveryFaults;
  return (
    <>
      <form
        class="card"
        aria-labelledby="clock-title"
        onSubmit={(e) => {
          e.preventDefault();
          void advance.act(Number(new FormData(e.currentTarget).get('days')));
        }}
      >
        <h2 id="clock-title">Clock</h2>
        <label>
          Days forward (1 to 60)
          <input name="days" type="number" min={1} max={60} defaultValue="1" required />
        </label>
        <ErrorMessage error={advance.error} />
        <button type="submit" disabled={advance.busy}>
          Advance clock
        </button>
      </form>
      <form
        class="card"
        aria-labelledby="faults-title"
        onSubmit={(e) => {
          e.preventDefault();
          void faults.act(new FormData(e.currentTarget));
        }}
        key={JSON.stringify(f)}
      >
        <h2 id="faults-title">Delivery faults</h2>
        <label>
          Duplicate rate (0 to 1)
          <input
            name="duplicateRate"
            type="number"
            min={0}
            max={1}
            step="0.05"
            defaultValue={String(f.duplicateRate)}
          />
        </label>
        <label>
          Reorder window, seconds (0 to 300)
          <input
            name="reorderWindowSeconds"
            type="number"
            min={0}
            max={300}
            defaultValue={String(f.reorderWindowSeconds)}
          />
        </label>
        <label class="check">
          <input type="checkbox" name="failFirstAttempt" defaultChecked={f.failFirstAttempt} />
          Fail every first attempt
        </label>
        <ErrorMessage error={faults.error} />
        <button type="submit" disabled={faults.busy}>
          Save delivery faults
        </button>
      </form>
    </>
  );
}

export function ScenarioRunner({ sandboxId }: { sandboxId: string }) {
  const [run, setRun] = useState<ScenarioFieldsFragment | null>(null);
  const start = useAction(async (form: FormData) => {
    setRun(
      (
        await gql(RunScenarioDocument, {
          sandboxId,
          scenario: String(form.get('scenario')) as ScenarioKind,
          minutes: Number(form.get('minutes')),
        })
      ).runScenario,
    );
  });
  const cancel = useAction(
    async () => run && setRun((await gql(CancelScenarioDocument, { id: run.id })).cancelScenario),
  );
  useProgressPolling(
    run?.status === 'running',
    () =>
      void gql(ScenarioProgressDocument, { id: run!.id }).then(
        (r) => r.scenarioRun && setRun(r.scenarioRun),
        () => undefined,
      ),
    run,
  );
  return (
    <form
      class="card"
      aria-labelledby="scenario-title"
      onSubmit={(e) => {
        e.preventDefault();
        void start.act(new FormData(e.currentTarget));
      }}
    >
      <h2 id="scenario-title">Scenarios</h2>
      <label>
        Scenario
        <select name="scenario">
          {SCENARIOS.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        Minutes (1 to 60)
        <input name="minutes" type="number" min={1} max={60} defaultValue="5" required />
      </label>
      <ErrorMessage error={start.error ?? cancel.error} />
      <div class="actions">
        <button type="submit" disabled={start.busy || run?.status === 'running'}>
          Run scenario
        </button>
        {run?.status === 'running' ? (
          <button type="button" onClick={() => void cancel.act()}>
            Cancel
          </button>
        ) : null}
      </div>
      {run ? (
        <div role="status">
          <p>
            {run.kind}: {run.status}, step {run.stepsDone} of {run.stepsTotal}, {run.eventsEmitted}{' '}
            events.{run.error ? ` ${run.error}` : ''}
          </p>
          <progress
            max={Math.max(run.stepsTotal, 1)}
            value={run.stepsDone}
            aria-label="Scenario progress"
          />
        </div>
      ) : null}
    </form>
  );
}

export function TestEvent({ installationId }: { installationId: string }) {
  const [logId, setLogId] = useState<string | null>(null);
  const send = useAction(async (event: string) =>
    setLogId((await gql(SendTestEventDocument, { installationId, event })).testWebhook!.logId),
  );
  return (
    <form
      class="card"
      aria-labelledby="test-title"
      onSubmit={(e) => {
        e.preventDefault();
        void send.act(String(new FormData(e.currentTarget).get('event')));
      }}
    >
      <h2 id="test-title">Test event</h2>
      <label>
        Event
        <select name="event" defaultValue="order.created">
          {EVENT_NAMES.map((e) => (
            <option key={e}>{e}</option>
          ))}
        </select>
      </label>
      <ErrorMessage error={send.error} />
      <button type="submit" disabled={send.busy}>
        Send test event
      </button>
      {logId ? (
        <p role="status">
          Sent: <Link href={`/dashboard/deliveries/${logId}`}>delivery {logId}</Link>.
        </p>
      ) : null}
    </form>
  );
}
