import type { DerivedVersion } from './derive.js';
import type { RecordMigrations, ValueMigration } from './migrations.js';
import { child, deref, findEventMessage, findOperation, isObject, type Json } from './places.js';
import type { ChangeRecord, Instruction } from './records.js';
import { applyPlan, compilePlan, type Plan, type Step } from './value-plans.js';

// The runtime side of the change records: a request of an older version brought forward to head,
// a response, a webhook payload and a feed item taken back to the version they are answered in.
// Each record's instructions become steps on the component schemas they name (value-plans.ts):
//   renamed_from  a key renamed (forward for requests, back for responses and payloads)
//   had           the value converted by the record's migration, when it names one
//   didnt_exist   the key dropped from responses and payloads of the older version
// A request walks the older version's document (its shapes), a response or a payload the newer
// one's; a response is taken back record by record, newest first, a request forward oldest first.
// Plans compile on first use and are kept: a value walks only what leads to a changed schema.

/** The parts of a request a record may change: the body, the query and the path parameters. */
export interface RequestParts {
  body: unknown;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
}

export interface VersionMigrator {
  /** Whether `version` differs from head at all (false: nothing to do, the fast path). */
  differs(version: string): boolean;
  /** The request of `version` as head expects it (in place). */
  requestForward(version: string, operationId: string, parts: RequestParts): void;
  /** Head's response as `version` answers it (in place), errors included. */
  responseBack(version: string, operationId: string, status: number, body: unknown): void;
  /** An event's envelope (id, event, data, ...) as `version` delivers it (in place). */
  eventBack(version: string, envelope: Json): void;
}

/** The envelope's schema in the Data API (GET /events): its items are asyncapi's envelopes. */
const FEED_ITEM_SCHEMA = 'EventFeedItem';

export const identityMigrator: VersionMigrator = {
  differs: () => false,
  requestForward: () => {},
  responseBack: () => {},
  eventBack: () => {},
};

/**
 * The migrator of the versions (`derived`, newest first, head first) and the records between
 * them (newest first), with each record's loaded migrations.
 */
export function createMigrator(
  derived: readonly DerivedVersion[],
  records: readonly ChangeRecord[],
  migrations: readonly RecordMigrations[],
): VersionMigrator {
  const steps = records.map((record, n) => {
    const newer = derived[n]!;
    const older = derived[n + 1]!;
    return new RecordSteps(record, migrations[n]!, newer, older);
  });
  // The records newer than a version, newest first.
  const newerThan = (version: string) => steps.filter((s) => s.record.version > version);
  return {
    differs: (version) => newerThan(version).length > 0,
    requestForward: (version, operationId, parts) => {
      for (const s of newerThan(version).reverse()) s.requestForward(operationId, parts);
    },
    responseBack: (version, operationId, status, body) => {
      for (const s of newerThan(version)) s.responseBack(operationId, status, body);
    },
    eventBack: (version, envelope) => {
      for (const s of newerThan(version)) s.eventBack(envelope);
    },
  };
}

/** One record's steps and the plans they give, between its version and the one before it. */
class RecordSteps {
  private readonly plans = new Map<string, Plan | null>();
  private readonly back: { openapi: Map<string, Step[]>; asyncapi: Map<string, Step[]> };
  private readonly forward: Map<string, Step[]>;
  private readonly parameters: Instruction[];

  constructor(
    readonly record: ChangeRecord,
    private readonly migrations: RecordMigrations,
    private readonly newer: DerivedVersion,
    private readonly older: DerivedVersion,
  ) {
    const instructions = record.changes.flatMap((c) => c.instructions);
    this.back = {
      openapi: stepsBack(instructions, 'openapi', migrations),
      asyncapi: stepsBack(instructions, 'asyncapi', migrations),
    };
    this.forward = stepsForward(instructions, migrations);
    this.parameters = instructions.filter((i) => i.parameter !== undefined);
    if (this.back.asyncapi.size > 0)
      add(this.back.openapi, FEED_ITEM_SCHEMA, (item) => this.eventBack(item));
  }

  requestForward(operationId: string, parts: RequestParts): void {
    const plan = this.plan(`request ${operationId}`, () => {
      const place = findOperation(this.older.openapi, operationId);
      return place && requestSchema(this.older.openapi, place.operation);
    });
    applyPlan(plan, parts.body);
    for (const i of this.parameters) {
      if (
        i.operation !== operationId ||
        (i.parameter!.in !== 'query' && i.parameter!.in !== 'path')
      )
        continue;
      const values = i.parameter!.in === 'query' ? parts.query : parts.params;
      if (i.renamed_from !== undefined) renameKey(values, i.renamed_from, i.parameter!.name);
      const convert = i.migration?.request && this.migrations.get(i.migration.request);
      if (convert) convertKey(values, i.parameter!.name, convert);
    }
  }

  responseBack(operationId: string, status: number, body: unknown): void {
    const plan = this.plan(`response ${operationId} ${status}`, () => {
      const place = findOperation(this.newer.openapi, operationId);
      return place && responseSchema(this.newer.openapi, place.operation, status);
    });
    applyPlan(plan, body);
  }

  eventBack(envelope: Json): void {
    if (typeof envelope.event !== 'string') return;
    const event = envelope.event;
    const plan = this.plan(`event ${event}`, () => {
      const message = findEventMessage(this.newer.asyncapi, event);
      const messages = child(child(this.newer.asyncapi, 'components') ?? {}, 'messages');
      const found =
        message === undefined ? undefined : deref(this.newer.asyncapi, messages?.[message]);
      return isObject(found) ? found.payload : undefined;
    });
    applyPlan(plan, envelope);
  }

  private plan(key: string, schemaOf: () => unknown): Plan | null {
    const known = this.plans.get(key);
    if (known !== undefined) return known;
    const [kind] = key.split(' ');
    const doc =
      kind === 'request'
        ? this.older.openapi
        : kind === 'event'
          ? this.newer.asyncapi
          : this.newer.openapi;
    const steps =
      kind === 'request' ? this.forward : kind === 'event' ? this.back.asyncapi : this.back.openapi;
    const schema = schemaOf();
    const plan = schema === undefined ? null : compilePlan(doc, schema, steps);
    this.plans.set(key, plan);
    return plan;
  }
}

/**
 * The steps that take a value of the record's version back to the previous one, per component
 * schema of one contract: conversions first (they name the property as this version does), then
 * renames, then the removal of what this version added.
 */
function stepsBack(
  instructions: readonly Instruction[],
  contract: 'openapi' | 'asyncapi',
  migrations: RecordMigrations,
  rename: typeof renameKey = renameKey,
): Map<string, Step[]> {
  const steps = new Map<string, Step[]>();
  const mine = instructions.filter((i) => i.contract === contract && i.property !== undefined);
  for (const i of mine) {
    const convert = i.had && i.migration?.response && migrations.get(i.migration.response);
    if (convert)
      add(
        steps,
        i.schema!,
        atPath(i.property!, (o, key) => convertKey(o, key, convert)),
      );
  }
  for (const i of mine)
    if (i.renamed_from !== undefined)
      add(
        steps,
        i.schema!,
        atPath(i.property!, (o, key) => rename(o, key, i.renamed_from!)),
      );
  for (const i of mine)
    if (i.didnt_exist)
      add(
        steps,
        i.schema!,
        atPath(i.property!, (o, key) => void delete o[key]),
      );
  return steps;
}

/**
 * The steps that take a request of the previous version forward to the record's (openapi only):
 * renames first (the previous version's name to this one's), then conversions.
 */
function stepsForward(
  instructions: readonly Instruction[],
  migrations: RecordMigrations,
): Map<string, Step[]> {
  const steps = new Map<string, Step[]>();
  const mine = instructions.filter((i) => i.contract === 'openapi' && i.property !== undefined);
  for (const i of mine)
    if (i.renamed_from !== undefined) {
      const renamed = `${i.property!.split('.').slice(0, -1).concat(i.renamed_from).join('.')}`;
      const name = i.property!.split('.').at(-1)!;
      add(
        steps,
        i.schema!,
        atPath(renamed, (o, key) => renameKey(o, key, name)),
      );
    }
  for (const i of mine) {
    const convert = i.had && i.migration?.request && migrations.get(i.migration.request);
    if (convert)
      add(
        steps,
        i.schema!,
        atPath(i.property!, (o, key) => convertKey(o, key, convert)),
      );
  }
  return steps;
}

function add(steps: Map<string, Step[]>, schema: string, step: Step): void {
  const list = steps.get(schema);
  if (list) list.push(step);
  else steps.set(schema, [step]);
}

/** A step on the object holding the last segment of a dotted path (through arrays too). */
function atPath(property: string, act: (holder: Json, key: string) => void): Step {
  const segments = property.split('.');
  const key = segments.pop()!;
  const visit = (node: unknown, depth: number): void => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth));
    if (!isObject(node)) return;
    if (depth === segments.length) return act(node, key);
    visit(node[segments[depth]!], depth + 1);
  };
  return (object) => visit(object, 0);
}

/** A rename that keeps the key's place (documents are read in order; a response need not be). */
function renameInPlace(object: Json, from: string, to: string): void {
  if (!(from in object) || to in object) return;
  const entries = Object.entries(object);
  for (const [key] of entries) delete object[key];
  for (const [key, value] of entries) object[key === from ? to : key] = value;
}

/**
 * A rename on the hot path: the old key is left undefined rather than deleted (JSON leaves it
 * out), since `delete` turns the object into a slow dictionary that JSON.stringify then walks.
 */
function renameKey(object: Json, from: string, to: string): void {
  if (object[from] === undefined || object[to] !== undefined) return;
  object[to] = object[from];
  object[from] = undefined;
}

function convertKey(object: Json, key: string, convert: ValueMigration): void {
  if (object[key] !== undefined) object[key] = convert(object[key]);
}

/** The JSON schema of an operation's request body, if any. */
function requestSchema(doc: Json, operation: Json): unknown {
  const body = deref(doc, operation.requestBody);
  return isObject(body) ? jsonSchemaOf(doc, body) : undefined;
}

/** The JSON schema of the response an operation gives with `status` (its exact code, NXX or default). */
function responseSchema(doc: Json, operation: Json, status: number): unknown {
  const responses = child(operation, 'responses') ?? {};
  const code = String(status);
  const response = deref(doc, responses[code] ?? responses[`${code[0]}XX`] ?? responses.default);
  return isObject(response) ? jsonSchemaOf(doc, response) : undefined;
}

function jsonSchemaOf(doc: Json, holder: Json): unknown {
  const media = child(child(holder, 'content') ?? {}, 'application/json');
  return media ? media.schema : undefined;
}

/**
 * The examples of `older` (a copy of `newer` with `record` undone, its examples still in
 * `newer`'s shapes) taken back to `older`'s shapes, as a response is: the documents a version
 * serves show what that version sends and takes (a request example is converted by the
 * migration's `response` function, the way back). In place.
 */
export function migrateExamples(
  record: ChangeRecord,
  migrations: RecordMigrations,
  newer: DerivedVersion,
  older: DerivedVersion,
): void {
  const instructions = record.changes.flatMap((c) => c.instructions);
  const seen = new Set<unknown>();
  const walk = (doc: Json, steps: Map<string, Step[]>, schema: unknown, holder: unknown) => {
    if (!isObject(holder) || steps.size === 0) return;
    const plan = compilePlan(doc, schema, steps);
    if (!plan) return;
    const convert = (value: unknown) => {
      if (seen.has(value)) return;
      seen.add(value);
      applyPlan(plan, value);
    };
    if (holder.example !== undefined) convert(holder.example);
    for (const entry of Object.values(child(holder, 'examples') ?? {})) {
      const example = deref(older.openapi, entry);
      if (isObject(example) && example.value !== undefined) convert(example.value);
    }
  };
  const openapi = stepsBack(instructions, 'openapi', migrations, renameInPlace);
  for (const [path, item] of Object.entries(child(newer.openapi, 'paths') ?? {}))
    for (const [method, operation] of Object.entries(isObject(item) ? item : {})) {
      const olderOperation = child(child(child(older.openapi, 'paths') ?? {}, path) ?? {}, method);
      if (!isObject(operation) || !olderOperation) continue;
      for (const [newerPart, olderPart] of operationParts(
        newer.openapi,
        older.openapi,
        operation,
        olderOperation,
      ))
        for (const [type, media] of Object.entries(child(newerPart, 'content') ?? {}))
          if (isObject(media))
            walk(
              newer.openapi,
              openapi,
              media.schema,
              child(child(olderPart, 'content') ?? {}, type),
            );
    }
  const asyncapi = stepsBack(instructions, 'asyncapi', migrations, renameInPlace);
  const messagesOf = (doc: Json) => child(child(doc, 'components') ?? {}, 'messages') ?? {};
  for (const [key, message] of Object.entries(messagesOf(newer.asyncapi))) {
    const olderMessage = messagesOf(older.asyncapi)[key];
    if (!isObject(message) || !isObject(olderMessage) || !Array.isArray(olderMessage.examples))
      continue;
    for (const example of olderMessage.examples as unknown[])
      if (isObject(example))
        walk(newer.asyncapi, asyncapi, message.payload, { example: example.payload });
  }
}

/** The request body and each response of an operation, in both documents (each dereferenced). */
function operationParts(newerDoc: Json, olderDoc: Json, newer: Json, older: Json): [Json, Json][] {
  const pairs: [Json, Json][] = [];
  const add = (a: unknown, b: unknown) => {
    const [x, y] = [deref(newerDoc, a), deref(olderDoc, b)];
    if (isObject(x) && isObject(y)) pairs.push([x, y]);
  };
  add(newer.requestBody, older.requestBody);
  const olderResponses = child(older, 'responses') ?? {};
  for (const [status, response] of Object.entries(child(newer, 'responses') ?? {}))
    add(response, olderResponses[status]);
  return pairs;
}
