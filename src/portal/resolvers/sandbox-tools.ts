import {
  advanceSandboxClock,
  cancelScenario,
  getScenarioRun,
  setDeliveryFaults,
  setSandboxApiVersion,
  startScenario,
  type ScenarioDeps,
  type ScenarioRunRow,
} from '../../domain/sandboxes/index.js';
import type {
  MutationResolvers,
  QueryResolvers,
  ScenarioRun,
} from '../../generated/portal.generated.js';
import { developerIdOf, parseId, type PortalContext } from '../context.js';

// Sandbox power tools: restaurant scenarios, the sandbox clock and delivery faults.

const scenarioDeps = (ctx: PortalContext): ScenarioDeps => ({
  db: ctx.db,
  events: ctx.events,
  queue: ctx.queue,
  speed: ctx.config.scenarioSpeed,
});

function toScenarioRunView(row: ScenarioRunRow): ScenarioRun {
  return {
    id: row.run_id,
    sandboxId: row.sandbox_id,
    kind: row.kind,
    status: row.status,
    minutes: row.minutes,
    stepsDone: row.steps_done,
    stepsTotal: row.steps_total,
    eventsEmitted: row.events_emitted,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    error: row.error,
  };
}

export const sandboxToolQueries = {
  scenarioRun: async (_, args, ctx) =>
    toScenarioRunView(
      await getScenarioRun(ctx.db, developerIdOf(ctx), parseId(args.id, 'scenario_run')),
    ),
} satisfies QueryResolvers;

export const sandboxToolMutations = {
  runScenario: async (_, args, ctx) =>
    toScenarioRunView(
      await startScenario(
        scenarioDeps(ctx),
        developerIdOf(ctx),
        parseId(args.sandboxId, 'sandbox'),
        args.scenario,
        args.minutes,
      ),
    ),
  cancelScenario: async (_, args, ctx) =>
    toScenarioRunView(
      await cancelScenario(ctx.db, developerIdOf(ctx), parseId(args.id, 'scenario_run')),
    ),
  advanceSandboxClock: (_, args, ctx) =>
    advanceSandboxClock(
      ctx.db,
      ctx.events,
      ctx.config,
      developerIdOf(ctx),
      parseId(args.sandboxId, 'sandbox'),
      args.days,
    ),
  setSandboxDeliveryFaults: (_, args, ctx) =>
    setDeliveryFaults(
      ctx.db,
      ctx.config,
      developerIdOf(ctx),
      parseId(args.sandboxId, 'sandbox'),
      args.faults,
    ),
  setSandboxApiVersion: (_, args, ctx) =>
    setSandboxApiVersion(
      ctx.db,
      ctx.config,
      ctx.apiVersions.catalog(),
      developerIdOf(ctx),
      parseId(args.sandboxId, 'sandbox'),
      args.version ?? null,
    ),
} satisfies MutationResolvers;
