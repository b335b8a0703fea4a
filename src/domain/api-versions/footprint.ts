import type { DerivedVersion } from './derive.js';
import { child, componentMessages, deref, HTTP_METHODS, isObject, type Json } from './places.js';
import type { ChangeRecord, Instruction } from './records.js';

/**
 * What each change of a record meets on the wire, read from its version's contracts (the places
 * an instruction names are as they are in that version): the operations whose request (body or
 * parameters) or responses reference the changed schema, property or parameter, following $refs
 * through every schema on the way, and the events whose payload does. A plugin's request log and
 * deliveries then say which of those it used (src/domain/api-upgrades/).
 */
export interface OperationFootprint {
  operationId: string;
  /**
   * Paths into a request body (segments; `[]` an array's items, `*` a map's values), each under
   * every name the field has had: a logged body holding one of them used the change.
   */
  bodyPaths: string[][];
  /** Query parameters (every name they have had): a request naming one used the change. */
  queryParameters: string[];
  /** Every call used it: the operation itself, a path or header parameter, a whole request body. */
  anyCall: boolean;
  /** A 2xx answer used it (a success response's schema changed). */
  ok: boolean;
  /** A non-2xx answer used it (an error response's schema changed). */
  failed: boolean;
  /** The changed fields and parameters, as a developer looks for them (ApiUpgradeUse.fields). */
  fields: string[];
}

export interface EventFootprint {
  event: string;
  fields: string[];
}

export interface ChangeFootprint {
  version: string;
  id: string;
  description: string;
  upgrade: string;
  operations: OperationFootprint[];
  events: EventFootprint[];
}

/** Where a change lands: a component schema, and a path inside it (empty: the schema itself). */
interface Target {
  schema: string;
  path: string[];
  /** The last segment's name in the previous version, when renamed. */
  previousName?: string;
}

type Side = 'request' | 'ok' | 'failed';

/** Every change of `records`, oldest version first, with what it meets in its version's contracts. */
export function changeFootprints(
  records: readonly ChangeRecord[],
  versions: readonly DerivedVersion[],
): ChangeFootprint[] {
  const oldestFirst = [...records].sort((a, b) => a.version.localeCompare(b.version));
  return oldestFirst.flatMap((record) => {
    const docs = versions.find((v) => v.version === record.version);
    if (!docs) throw new Error(`no contracts derived for version ${record.version}`);
    return record.changes.map(({ id, description, upgrade, instructions }) => {
      const operations = new Map<string, OperationFootprint>();
      const events = new Map<string, EventFootprint>();
      for (const i of instructions) {
        if (i.contract === 'openapi') touchOpenapi(docs.openapi, i, operations);
        else touchAsyncapi(docs.asyncapi, i, events);
      }
      return {
        version: record.version,
        id,
        description,
        upgrade,
        operations: [...operations.values()],
        events: [...events.values()],
      };
    });
  });
}

function touchOpenapi(doc: Json, i: Instruction, into: Map<string, OperationFootprint>): void {
  const touch = (operationId: string) => {
    const found = into.get(operationId) ?? {
      operationId,
      bodyPaths: [],
      queryParameters: [],
      anyCall: false,
      ok: false,
      failed: false,
      fields: [],
    };
    into.set(operationId, found);
    return found;
  };
  if (i.operation !== undefined) {
    const op = touch(i.operation);
    if (!i.parameter) return void (op.anyCall = true);
    addParameter(op, i.parameter.name, i.parameter.in, i.renamed_from);
    return;
  }
  const target = i.schema === undefined ? undefined : targetOf(doc, i.schema, i);
  if (!target) return;
  for (const { operationId, side, root, parameter } of operationRoots(doc)) {
    for (const at of occurrences(doc, root, target.schema)) {
      const op = touch(operationId);
      if (parameter) {
        addParameter(op, parameter.name, parameter.in);
        continue;
      }
      const path = [...at, ...target.path];
      const label = fieldLabel(path, target.previousName);
      if (side === 'request') {
        if (path.length) op.bodyPaths.push(...namesOf(path, target.previousName));
        else op.anyCall = true;
        addField(op.fields, label);
      } else {
        op[side] = true;
        addField(op.fields, `${side === 'ok' ? 'response' : 'error response'}: ${label}`);
      }
    }
  }
}

function addParameter(op: OperationFootprint, name: string, location: string, previous?: string) {
  if (location === 'query') op.queryParameters.push(...new Set([name, previous ?? name]));
  else op.anyCall = true;
  addField(op.fields, `${location} parameter ${previous ? `${previous} (now ${name})` : name}`);
}

function touchAsyncapi(doc: Json, i: Instruction, into: Map<string, EventFootprint>): void {
  const touch = (event: string) => {
    const found = into.get(event) ?? { event, fields: [] };
    into.set(event, found);
    return found;
  };
  if (i.event !== undefined) return void touch(i.event);
  const target = i.schema === undefined ? undefined : targetOf(doc, i.schema, i);
  if (!target) return;
  for (const [key, message] of Object.entries(componentMessages(doc) ?? {})) {
    if (!isObject(message)) continue;
    const event = typeof message.name === 'string' ? message.name : key;
    for (const at of occurrences(doc, message.payload, target.schema)) {
      const path = [...at, ...target.path];
      addField(touch(event).fields, fieldLabel(path, target.previousName) || '(payload)');
    }
  }
}

/**
 * The component an instruction changes and the path inside it. A property path that passes
 * through a `$ref` changes the referenced component (as undo-schema.ts does), so the target moves
 * there and everything that references that component is met.
 */
function targetOf(doc: Json, schema: string, i: Instruction): Target {
  if (i.property === undefined) return { schema, path: [] };
  let target: Target = { schema, path: [] };
  let node: unknown = child(child(doc, 'components') ?? {}, 'schemas')?.[schema];
  // Entering a $ref moves the target to the referenced component.
  const step = (next: unknown) => {
    const ref = isObject(next) ? componentRef(next) : undefined;
    if (ref !== undefined) target = { schema: ref, path: [] };
    node = next;
  };
  for (const segment of i.property.split('.')) {
    if (target.path.length) step(node);
    let holder = deref(doc, node);
    while (isObject(holder) && !isObject(holder.properties) && isObject(holder.items)) {
      target.path.push('[]');
      step(holder.items);
      holder = deref(doc, node);
    }
    node = isObject(holder) ? child(holder, 'properties')?.[segment] : undefined;
    target.path.push(segment);
  }
  return { ...target, previousName: i.renamed_from };
}

const SCHEMA_REF = '#/components/schemas/';
const componentRef = (node: Json): string | undefined =>
  typeof node.$ref === 'string' && node.$ref.startsWith(SCHEMA_REF)
    ? node.$ref.slice(SCHEMA_REF.length)
    : undefined;

interface OperationRoot {
  operationId: string;
  side: Side;
  root: unknown;
  parameter?: { name: string; in: string };
}

/** Every schema an operation's request body, parameters and responses start from. */
function operationRoots(doc: Json): OperationRoot[] {
  const roots: OperationRoot[] = [];
  for (const item of Object.values(child(doc, 'paths') ?? {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const operationId = operation.operationId;
      for (const schema of contentSchemas(doc, operation.requestBody))
        roots.push({ operationId, side: 'request', root: schema });
      for (const p of [...listOf(item.parameters), ...listOf(operation.parameters)]) {
        const parameter = deref(doc, p);
        if (!isObject(parameter) || typeof parameter.name !== 'string') continue;
        const place = { name: parameter.name, in: String(parameter.in) };
        roots.push({ operationId, side: 'request', root: parameter.schema, parameter: place });
      }
      for (const [status, response] of Object.entries(child(operation, 'responses') ?? {})) {
        const side = status.startsWith('2') ? 'ok' : 'failed';
        for (const schema of contentSchemas(doc, response))
          roots.push({ operationId, side, root: schema });
      }
    }
  }
  return roots;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function contentSchemas(doc: Json, holder: unknown): unknown[] {
  const resolved = deref(doc, holder);
  const content = isObject(resolved) ? child(resolved, 'content') : undefined;
  return Object.values(content ?? {}).flatMap((media) =>
    isObject(media) && media.schema !== undefined ? [media.schema] : [],
  );
}

/**
 * The paths from `root` to every place component `schema` sits (empty: the root is it), through
 * properties, an array's items, a map's values and allOf/oneOf/anyOf; each component is entered
 * once per path, so a recursive schema ends.
 */
export function occurrences(doc: Json, root: unknown, schema: string): string[][] {
  const found: string[][] = [];
  const walk = (node: unknown, path: string[], entered: ReadonlySet<string>): void => {
    if (!isObject(node)) return;
    const ref = componentRef(node);
    if (ref !== undefined) {
      if (ref === schema) found.push(path);
      else if (!entered.has(ref)) walk(deref(doc, node), path, new Set([...entered, ref]));
      return;
    }
    for (const [name, value] of Object.entries(child(node, 'properties') ?? {}))
      walk(value, [...path, name], entered);
    if (node.items !== undefined) walk(node.items, [...path, '[]'], entered);
    if (isObject(node.additionalProperties))
      walk(node.additionalProperties, [...path, '*'], entered);
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      for (const member of listOf(node[key])) walk(member, path, entered);
  };
  walk(root, [], new Set());
  return found;
}

/** The path under each name its last segment has had (the log may hold either). */
function namesOf(path: string[], previousName?: string): string[][] {
  if (!previousName) return [path];
  return [path, [...path.slice(0, -1), previousName]];
}

/** `items[].price`; a rename reads `data[].unique_orderid (now order_number)`. */
function fieldLabel(path: string[], previousName?: string): string {
  const shown = previousName ? [...path.slice(0, -1), previousName] : path;
  const text = shown.reduce(
    (out, segment) => (segment === '[]' ? `${out}[]` : out ? `${out}.${segment}` : segment),
    '',
  );
  return previousName ? `${text} (now ${path.at(-1)})` : text;
}

function addField(fields: string[], field: string): void {
  if (field && !fields.includes(field)) fields.push(field);
}
