import {
  ENVELOPE_SCHEMAS,
  EVENT_NAMES,
  type EventName,
} from '../../../generated/events.generated.js';

// Pure: what a payload path of an event's envelope is in one API version's asyncapi document, for
// the endpoint filters (filters.ts). A path names object properties from the envelope down
// (`data.party_size`), through $ref (any JSON pointer of the document), allOf (every part),
// oneOf and anyOf (any branch). A property whose schema is `not: {}` (or false) is never present.

type Schema = Record<string, unknown>;

/** The JSON types a path can hold in one event; `any` when its schema does not say. */
export interface PathTypes {
  types: Set<string>;
  /** Every value the path may hold, when every branch reaching it lists them (enum, const). */
  values: unknown[] | null;
}

export interface PayloadContract {
  /** The path's types in the event's envelope, or a sentence saying why it has none. */
  pathTypes(event: EventName, path: string): PathTypes | string;
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The contract of an asyncapi document (a derived version's), or of head as codegen compiled it
 * (`ENVELOPE_SCHEMAS`, no $ref) when there is none.
 */
export function payloadContract(asyncapi?: unknown): PayloadContract {
  const root = isSchema(asyncapi) ? asyncapi : {};
  const envelopes = isSchema(asyncapi)
    ? envelopesOf(root)
    : new Map(Object.entries(ENVELOPE_SCHEMAS));
  return {
    pathTypes(event, path) {
      const envelope = envelopes.get(event);
      if (!isSchema(envelope)) return `${event} is not in this version`;
      return typesAt(root, [envelope], path.split('.'));
    },
  };
}

/** Each catalog event's envelope: the payload of the message whose `name` is the event. */
function envelopesOf(root: Schema): Map<string, unknown> {
  const components = isSchema(root.components) ? root.components : {};
  const messages = isSchema(components.messages) ? components.messages : {};
  const found = new Map<string, unknown>();
  for (const message of Object.values(messages)) {
    const m = resolve(root, message);
    if (m && typeof m.name === 'string' && (EVENT_NAMES as readonly string[]).includes(m.name))
      found.set(m.name, m.payload);
  }
  return found;
}

/** A schema with its $ref followed (a chain of them too); undefined for a false or `not: {}` one. */
function resolve(root: Schema, value: unknown, depth = 0): Schema | undefined {
  if (!isSchema(value) || depth > 32) return undefined;
  if (isSchema(value.not) && Object.keys(value.not).length === 0) return undefined;
  if (typeof value.$ref !== 'string') return value;
  return resolve(root, pointer(root, value.$ref), depth + 1);
}

function pointer(root: Schema, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    at = isSchema(at) ? at[key] : undefined;
  }
  return at;
}

/** The schema and every schema it is made of (allOf parts, oneOf and anyOf branches), resolved. */
function flatten(root: Schema, value: unknown, depth = 0): Schema[] {
  const schema = resolve(root, value);
  if (!schema || depth > 16) return [];
  const parts = ['allOf', 'oneOf', 'anyOf'].flatMap((k) =>
    Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [],
  );
  return [schema, ...parts.flatMap((p) => flatten(root, p, depth + 1))];
}

function typesAt(root: Schema, schemas: Schema[], segments: string[]): PathTypes | string {
  let current = schemas;
  for (const [n, segment] of segments.entries()) {
    const flat = current.flatMap((s) => flatten(root, s));
    if (n > 0 && flat.some((s) => s.type === 'array' || isSchema(s.items)))
      return `${segments.slice(0, n).join('.')} is an array: a filter compares fields outside arrays`;
    current = flat.flatMap((s) => {
      const properties = isSchema(s.properties) ? s.properties : {};
      const found = resolve(root, properties[segment]);
      return found ? [found] : [];
    });
    if (current.length === 0) return 'no such field';
  }
  return typesOf(current.flatMap((s) => flatten(root, s)));
}

const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value;

function typesOf(schemas: Schema[]): PathTypes {
  const types = new Set<string>();
  let values: unknown[] | null = [];
  let typed = false;
  for (const s of schemas) {
    if (typeof s.type === 'string') types.add(s.type);
    if (Array.isArray(s.type)) for (const t of s.type) types.add(String(t));
    if ('const' in s) types.add(jsonType(s.const));
    if (Array.isArray(s.enum)) for (const v of s.enum) types.add(jsonType(v));
    typed ||= 'type' in s || 'const' in s || Array.isArray(s.enum);
  }
  // Only the schemas that say what the value is restrict it (allOf parts that only add fields do not).
  const leaves = schemas.filter((s) => 'type' in s || 'const' in s || Array.isArray(s.enum));
  for (const s of leaves) {
    if ('const' in s) values?.push(s.const);
    else if (Array.isArray(s.enum)) values?.push(...(s.enum as unknown[]));
    else values = null;
  }
  if (!typed) types.add('any');
  return { types, values: values && values.length > 0 ? values : null };
}
