// Turns asyncapi.yaml into src/generated/events.generated.ts: the event catalog (names, families),
// a TypeScript type for every payload, and dereferenced JSON Schemas that tests and code feed to
// ajv. asyncapi.yaml stays the only hand-written list of events.
//
// The schema-to-TypeScript converter is written here rather than taken from a library: it covers
// the small subset asyncapi.yaml uses (object, properties, required, type lists for null, enum,
// const, oneOf, allOf, array, `not: {}`) and refuses any other keyword, so that a new construct in
// the YAML fails loudly instead of producing a silently wrong type.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

export const GENERATED_EVENTS_PATH = 'src/generated/events.generated.ts';
const BANNER = '// DO NOT EDIT. Generated from asyncapi.yaml by codegen/events.ts (make codegen).';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export type JsonObject = { [key: string]: Json };

export interface MessageExample {
  name?: string;
  summary?: string;
  headers?: JsonObject;
  payload?: Json;
}

/** One outbound event as asyncapi.yaml declares it. Schemas keep their `$ref`s. */
export interface OutboundEvent {
  name: string;
  family: string;
  messageKey: string;
  /** The body schema (the message payload, one reference followed). */
  envelope: JsonObject;
  /** The headers schema, as written (usually a `$ref`). */
  headers: Json;
  examples: MessageExample[];
  tags: string[];
}

export interface InboundMessage {
  messageKey: string;
  /** Body and headers schemas, as written (usually `$ref`s). */
  payload: Json;
  headers: Json;
  examples: MessageExample[];
}

export interface WebhookContract {
  document: JsonObject;
  /** Outbound events in catalog order (the order of components.messages). */
  events: OutboundEvent[];
  /** Families in order of first appearance. */
  families: string[];
  inbound: InboundMessage;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function expectObject(value: Json | undefined, where: string): JsonObject {
  if (!isObject(value)) throw new Error(`asyncapi.yaml: expected an object at ${where}`);
  return value;
}

/** Resolves a local JSON pointer such as `#/components/schemas/OrderCreatedData`. */
export function resolvePointer(document: JsonObject, ref: string): Json {
  if (!ref.startsWith('#/'))
    throw new Error(`asyncapi.yaml: only local $refs are supported: ${ref}`);
  let node: Json = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(node) || !(key in node)) throw new Error(`asyncapi.yaml: unresolved $ref ${ref}`);
    node = node[key] as Json;
  }
  return node;
}

/** Follows `$ref`s until a node that is not a reference. */
export function follow(document: JsonObject, node: Json): Json {
  const seen = new Set<string>();
  while (isObject(node) && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`asyncapi.yaml: circular $ref ${node.$ref}`);
    seen.add(node.$ref);
    node = resolvePointer(document, node.$ref);
  }
  return node;
}

// Keywords the converter and the dereferencer understand; anything else is an error.
const SCHEMA_MAPS = new Set(['properties']);
const SCHEMA_LISTS = new Set(['oneOf', 'anyOf', 'allOf']);
const SCHEMA_VALUES = new Set(['items', 'not', 'additionalProperties']);
const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment']);
const VALUE_KEYWORDS = new Set([
  'type',
  'required',
  'enum',
  'const',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'multipleOf',
  'default',
]);

/**
 * Inlines every `$ref` of a schema and drops annotations (descriptions live in asyncapi.yaml and
 * in the generated JSDoc), giving a self-contained draft-07 schema for ajv.
 */
export function dereferenceSchema(document: JsonObject, schema: Json, stack: string[] = []): Json {
  if (typeof schema === 'boolean') return schema;
  const node = expectObject(schema, stack.join(' > ') || 'schema');
  if (typeof node.$ref === 'string') {
    if (stack.includes(node.$ref)) throw new Error(`asyncapi.yaml: circular $ref ${node.$ref}`);
    return dereferenceSchema(document, resolvePointer(document, node.$ref), [...stack, node.$ref]);
  }
  const out: JsonObject = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(keyword)) continue;
    if (VALUE_KEYWORDS.has(keyword)) out[keyword] = value;
    else if (SCHEMA_VALUES.has(keyword)) out[keyword] = dereferenceSchema(document, value, stack);
    else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) {
      out[keyword] = value.map((member) => dereferenceSchema(document, member, stack));
    } else if (SCHEMA_MAPS.has(keyword)) {
      const entries = Object.entries(expectObject(value, keyword));
      out[keyword] = Object.fromEntries(
        entries.map(([key, sub]) => [key, dereferenceSchema(document, sub, stack)]),
      );
    } else
      throw new Error(
        `asyncapi.yaml: unsupported schema keyword "${keyword}" (${stack.join(' > ')})`,
      );
  }
  return out;
}

/** The headers schema of a message: its own, or the one its traits bring. */
function messageHeaders(document: JsonObject, message: JsonObject): Json | undefined {
  if (message.headers !== undefined) return message.headers;
  const traits = Array.isArray(message.traits) ? message.traits : [];
  let headers: Json | undefined;
  for (const trait of traits)
    headers = expectObject(follow(document, trait), 'message trait').headers ?? headers;
  return headers;
}

function tagNames(document: JsonObject, message: JsonObject): string[] {
  const tags = Array.isArray(message.tags) ? message.tags : [];
  return tags.map((tag) => String(expectObject(follow(document, tag), 'tag').name));
}

/** Reads asyncapi.yaml and checks the facts the generated code relies on. */
export async function loadWebhookContract(root: string): Promise<WebhookContract> {
  const document = expectObject(
    parse(await readFile(path.join(root, 'asyncapi.yaml'), 'utf8')) as Json,
    'root',
  );
  const components = expectObject(document.components, 'components');
  const messages = expectObject(components.messages, 'components.messages');
  const events: OutboundEvent[] = [];
  for (const [messageKey, raw] of Object.entries(messages)) {
    const message = expectObject(raw, `components.messages.${messageKey}`);
    const family = message['x-event-family'];
    if (family === undefined) continue;
    const name = String(message.name);
    if (!/^[a-z]+\.[a-z_]+$/.test(name) || name.split('.')[0] !== family) {
      throw new Error(
        `asyncapi.yaml: message ${messageKey} "${name}" has x-event-family "${String(family)}"`,
      );
    }
    if (events.some((event) => event.name === name))
      throw new Error(`asyncapi.yaml: event ${name} is declared twice`);
    events.push({
      name,
      family,
      messageKey,
      envelope: expectObject(follow(document, message.payload ?? null), `${messageKey}.payload`),
      headers: messageHeaders(document, message) ?? null,
      examples: (Array.isArray(message.examples) ? message.examples : []) as MessageExample[],
      tags: tagNames(document, message),
    });
  }
  if (events.length === 0) throw new Error('asyncapi.yaml: no message carries x-event-family');
  for (const event of events) {
    expectObject(follow(document, event.headers), `${event.messageKey}.headers`);
    if (JSON.stringify(event.headers) !== JSON.stringify(events[0]?.headers)) {
      throw new Error(
        `asyncapi.yaml: ${event.messageKey} has other headers than the other outbound messages`,
      );
    }
  }
  const families = [...new Set(events.map((event) => event.family))];
  return { document, events, families, inbound: findInboundMessage(document) };
}

/** The one message of the one `receive` operation: the inbound forwarding body. */
function findInboundMessage(document: JsonObject): InboundMessage {
  const refs = Object.values(expectObject(document.operations, 'operations'))
    .map((op) => expectObject(op, 'operation'))
    .filter((op) => op.action === 'receive')
    .flatMap((op) => (Array.isArray(op.messages) ? op.messages : []));
  if (refs.length !== 1)
    throw new Error(`asyncapi.yaml: expected one inbound message, found ${refs.length}`);
  const message = expectObject(follow(document, refs[0] ?? null), 'inbound message');
  const ref = String(expectObject(refs[0] ?? null, 'inbound message ref').$ref);
  return {
    messageKey: ref.slice(ref.lastIndexOf('/') + 1),
    payload: message.payload ?? null,
    headers: messageHeaders(document, message) ?? null,
    examples: (Array.isArray(message.examples) ? message.examples : []) as MessageExample[],
  };
}

/** `inventory.low_stock_resolved` -> `InventoryLowStockResolved`. */
export const pascalCase = (name: string): string =>
  name
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const literal = (value: Json): string =>
  typeof value === 'string'
    ? `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
    : JSON.stringify(value);
const propertyKey = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key));

function jsDoc(description: Json | undefined, indent: string): string {
  if (typeof description !== 'string' || description.trim() === '') return '';
  const lines = description
    .trim()
    .replaceAll('*/', '*\\/')
    .split('\n')
    .map((line) => line.trimEnd());
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
}

const SCHEMA_PREFIX = '#/components/schemas/';

/** The name of the component schema a node references, if it is a whole-component `$ref`. */
function componentName(node: Json | undefined): string | undefined {
  const ref = isObject(node) ? node.$ref : undefined;
  if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_PREFIX)) return undefined;
  const name = ref.slice(SCHEMA_PREFIX.length);
  return name.includes('/') ? undefined : name;
}

const isNever = (schema: JsonObject): boolean =>
  isObject(schema.not) && Object.keys(schema.not).length === 0;

/** Converts component schemas to TypeScript declarations, emitting each named schema once. */
class TypeScriptEmitter {
  private readonly used = new Set<string>();
  private readonly declarations = new Map<string, string>();

  constructor(
    private readonly document: JsonObject,
    /** Component schemas the generator declares itself (EventName), mapped to their TS name. */
    private readonly predeclared: Map<string, string>,
  ) {}

  /** The TypeScript name of a named component schema, declared on first use. */
  reference(name: string): string {
    const predeclared = this.predeclared.get(name);
    if (predeclared !== undefined) return predeclared;
    if (!this.used.has(name)) {
      this.used.add(name);
      this.declaration(name); // pulls in what the declaration references
    }
    return name;
  }

  typeOf(schema: Json, indent: string): string {
    if (schema === true) return 'unknown';
    if (schema === false) return 'never';
    const node = expectObject(schema, 'schema');
    if (typeof node.$ref === 'string') {
      const name = componentName(node);
      return name !== undefined
        ? this.reference(name)
        : this.typeOf(resolvePointer(this.document, node.$ref), indent);
    }
    if (isNever(node)) return 'never';
    if ('const' in node) return literal(node.const as Json);
    if (Array.isArray(node.enum)) return node.enum.map(literal).join(' | ');
    const union = node.oneOf ?? node.anyOf;
    if (Array.isArray(union)) return union.map((member) => this.typeOf(member, indent)).join(' | ');
    if (Array.isArray(node.allOf)) {
      const members = node.allOf.map((member) => this.typeOf(member, indent));
      return members.map((member) => (member.includes(' | ') ? `(${member})` : member)).join(' & ');
    }
    const implicit =
      node.type === undefined && node.properties !== undefined ? ['object'] : [node.type];
    const types = Array.isArray(node.type) ? node.type : implicit;
    return types.map((type) => this.primitive(String(type), node, indent)).join(' | ');
  }

  private primitive(type: string, node: JsonObject, indent: string): string {
    switch (type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const item = this.typeOf(node.items ?? true, indent);
        return /[ |&]/.test(item) ? `Array<${item}>` : `${item}[]`;
      }
      case 'object':
        if (!isObject(node.properties)) return 'Record<string, unknown>';
        return `{\n${this.members(node, `${indent}  `)}${indent}}`;
      default:
        return 'unknown';
    }
  }

  /**
   * The property lines of an object schema. A property that references a named schema takes its
   * JSDoc from that declaration; `overrides` replaces the type of some properties.
   */
  members(node: JsonObject, indent: string, overrides: Record<string, string> = {}): string {
    const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
    let out = '';
    for (const [key, raw] of Object.entries(expectObject(node.properties ?? {}, 'properties'))) {
      const property = expectObject(raw, `property ${key}`);
      const target = expectObject(follow(this.document, property), `property ${key}`);
      const optional = isNever(target) || !required.has(key) ? '?' : '';
      out += jsDoc(componentName(property) === undefined ? target.description : undefined, indent);
      out += `${indent}${propertyKey(key)}${optional}: ${overrides[key] ?? this.typeOf(property, indent)};\n`;
    }
    return out;
  }

  private declaration(name: string): void {
    const schema = expectObject(resolvePointer(this.document, `${SCHEMA_PREFIX}${name}`), name);
    let code = jsDoc(schema.description, '');
    const allOf = (Array.isArray(schema.allOf) ? schema.allOf : []).map((member) =>
      expectObject(member, `${name}.allOf`),
    );
    const bases = allOf.filter((member) => member.$ref !== undefined);
    if (schema.type === 'object' && isObject(schema.properties) && !schema.oneOf && !schema.allOf) {
      code += `export interface ${name} {\n${this.members(schema, '  ')}}\n`;
    } else if (allOf.length > 0 && bases.every((base) => componentName(base) !== undefined)) {
      // allOf of named schemas plus inline objects reads best as an interface that extends them.
      const inline = allOf.filter((member) => member.$ref === undefined);
      const body = inline.map((member) => this.members(member, '  ')).join('');
      code += `export interface ${name} extends ${bases.map((base) => this.typeOf(base, '')).join(', ')} {\n${body}}\n`;
    } else if (Array.isArray(schema.enum) && schema.enum.length > 4) {
      code += `export type ${name} =\n${schema.enum
        .map((value) => `  | ${literal(value)}\n`)
        .join('')
        .trimEnd()};\n`;
    } else {
      code += `export type ${name} = ${this.typeOf(schema, '')};\n`;
    }
    this.declarations.set(name, code);
  }

  /** Declarations in the order of components.schemas, so that output follows the YAML. */
  output(): string {
    const order = Object.keys(
      expectObject(expectObject(this.document.components, 'components').schemas, 'schemas'),
    );
    return order
      .filter((name) => this.declarations.has(name))
      .map((name) => this.declarations.get(name))
      .join('\n');
  }
}

/**
 * Formats a JSON value as a TypeScript literal (single quotes, bare keys), keeping a node on one
 * line when it fits in `width` columns, so that the schema constants stay readable.
 */
export function formatLiteral(value: Json, indent = '', used = 0, width = 100): string {
  const inline = (node: Json): string => {
    if (Array.isArray(node)) return `[${node.map(inline).join(', ')}]`;
    if (isObject(node)) {
      const entries = Object.entries(node).map(
        ([key, sub]) => `${propertyKey(key)}: ${inline(sub)}`,
      );
      return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
    }
    return literal(node);
  };
  const flat = inline(value);
  if (used + flat.length <= width || (!Array.isArray(value) && !isObject(value))) return flat;
  const inner = `${indent}  `;
  const lines = Array.isArray(value)
    ? value.map((item) => `${inner}${formatLiteral(item, inner, inner.length, width)},`)
    : Object.entries(value).map(([key, sub]) => {
        const prefix = `${inner}${propertyKey(key)}: `;
        return `${prefix}${formatLiteral(sub, inner, prefix.length + 1, width)},`;
      });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join('\n')}\n${indent}${close}`;
}

const ENVELOPE_FIXED = ['event', 'data'];
const GENERATOR_NAMES = [
  'EventName',
  'EventFamily',
  'EventDataMap',
  'WebhookEnvelope',
  'WebhookEvent',
];
const propertiesOf = (schema: JsonObject, where: string): JsonObject =>
  expectObject(schema.properties, `${where}.properties`);

/** Every envelope must differ only in `event` and `data`: the generic WebhookEnvelope type relies on it. */
function commonEnvelope(events: OutboundEvent[]): JsonObject {
  const shared = (envelope: JsonObject): string =>
    JSON.stringify({
      ...envelope,
      properties: Object.entries(propertiesOf(envelope, 'envelope')).filter(
        ([key]) => !ENVELOPE_FIXED.includes(key),
      ),
    });
  const first = events[0]?.envelope ?? {};
  for (const event of events) {
    if (shared(event.envelope) !== shared(first)) {
      throw new Error(
        `asyncapi.yaml: the envelope of ${event.name} differs from the others beyond event and data`,
      );
    }
    const fixed = expectObject(
      propertiesOf(event.envelope, event.name).event,
      `${event.name} event`,
    ).const;
    if (fixed !== event.name)
      throw new Error(`asyncapi.yaml: the envelope of ${event.name} has event "${String(fixed)}"`);
  }
  return first;
}

function checkReservedNames(contract: WebhookContract): void {
  const schemas = expectObject(
    expectObject(contract.document.components, 'components').schemas,
    'components.schemas',
  );
  for (const name of GENERATOR_NAMES.slice(1)) {
    if (name in schemas)
      throw new Error(`asyncapi.yaml: schema name ${name} is reserved by the generator`);
  }
  // The EventName schema becomes the generated EventName type, so it must list exactly the messages.
  const listed =
    schemas.EventName === undefined ? undefined : expectObject(schemas.EventName, 'EventName').enum;
  if (
    listed !== undefined &&
    JSON.stringify(listed) !== JSON.stringify(contract.events.map((event) => event.name))
  ) {
    throw new Error(
      'asyncapi.yaml: the EventName enum differs from the event messages (names or catalog order)',
    );
  }
}

function typesSection(contract: WebhookContract): string {
  const { document, events } = contract;
  checkReservedNames(contract);
  const schemas = expectObject(
    expectObject(document.components, 'components').schemas,
    'components.schemas',
  );
  const emitter = new TypeScriptEmitter(document, new Map([['EventName', 'EventName']]));
  const dataTypes = events.map((event) =>
    emitter.typeOf(propertiesOf(event.envelope, event.name).data ?? null, ''),
  );
  emitter.typeOf(events[0]?.headers ?? null, '');
  emitter.typeOf(contract.inbound.headers, '');
  emitter.typeOf(contract.inbound.payload, '');
  const envelopeMembers = emitter.members(commonEnvelope(events), '  ', {
    event: 'E',
    data: 'EventDataMap[E]',
  });
  const aliases = events
    .map((event, i) => ({ alias: `${pascalCase(event.name)}Data`, type: dataTypes[i] ?? 'never' }))
    .filter(({ alias, type }) => alias !== type && !(alias in schemas))
    .map(({ alias, type }) => `export type ${alias} = ${type};`);
  const dataMap = events.map((event, i) => `  ${literal(event.name)}: ${dataTypes[i]};\n`).join('');
  return [
    '// ---- Payload types --------------------------------------------------------------------------\n',
    emitter.output(),
    '/** Events whose payload schema is shared, under their own names. */',
    `${aliases.join('\n')}\n`,
    '/** The `data` type of each event. */',
    `export interface EventDataMap {\n${dataMap}}\n`,
    "/** Body of an outbound webhook: the envelope around one event's data. */",
    `export interface WebhookEnvelope<E extends EventName = EventName> {\n${envelopeMembers}}\n`,
    '/** Any outbound webhook body, discriminated on `event`. */',
    'export type WebhookEvent = { [E in EventName]: WebhookEnvelope<E> }[EventName];\n',
  ].join('\n');
}

function schemasSection(contract: WebhookContract): string {
  const { document, events } = contract;
  const schema = (node: Json, used: number): string =>
    formatLiteral(dereferenceSchema(document, node), '', used);
  const entry = (event: OutboundEvent, value: string): string =>
    `  ${literal(event.name)}: ${value},\n`;
  const DATA = '__EVENT_DATA_SCHEMA__';
  const dataEntries = events.map((event) => {
    const data = dereferenceSchema(document, propertiesOf(event.envelope, event.name).data ?? null);
    return entry(event, formatLiteral(data, '  ', event.name.length + 6));
  });
  const envelopeEntries = events.map((event) => {
    const envelope = expectObject(dereferenceSchema(document, event.envelope), event.name);
    const withData = {
      ...envelope,
      properties: { ...propertiesOf(envelope, event.name), data: DATA },
    };
    const text = formatLiteral(withData, '  ', event.name.length + 6);
    return entry(event, text.replace(literal(DATA), `EVENT_DATA_SCHEMAS[${literal(event.name)}]`));
  });
  return [
    '// ---- JSON Schemas (draft-07, dereferenced, annotations dropped) -----------------------------\n',
    "/** Schema of each event's `data`. */",
    `export const EVENT_DATA_SCHEMAS: Record<EventName, object> = {\n${dataEntries.join('')}};\n`,
    "/** Schema of each event's whole body: the envelope around its `data`. */",
    `export const ENVELOPE_SCHEMAS: Record<EventName, object> = {\n${envelopeEntries.join('')}};\n`,
    '/** Schema of the headers of every outbound webhook request. */',
    `export const WEBHOOK_HEADERS_SCHEMA: object = ${schema(events[0]?.headers ?? null, 44)};\n`,
    '/** Schema of the body of an inbound forwarding request (POST /api/plugin/v1/webhooks/external). */',
    `export const INBOUND_WEBHOOK_SCHEMA: object = ${schema(contract.inbound.payload, 44)};\n`,
    '/** Schema of the headers of an inbound forwarding request. */',
    `export const INBOUND_HEADERS_SCHEMA: object = ${schema(contract.inbound.headers, 44)};\n`,
  ].join('\n');
}

function catalogSection(contract: WebhookContract): string {
  const { events, families } = contract;
  const list = (items: string[]): string =>
    `[\n${items.map((item) => `  ${literal(item)},\n`).join('')}]`;
  const familyOf = events
    .map((event) => `  ${literal(event.name)}: ${literal(event.family)},\n`)
    .join('');
  return [
    '/** Every outbound event, in catalog order. */',
    `export const EVENT_NAMES = ${list(events.map((event) => event.name))} as const;`,
    'export type EventName = (typeof EVENT_NAMES)[number];\n',
    '/** Event families; each is also a subscription wildcard (`order.*`). */',
    `export const EVENT_FAMILIES = ${list(families)} as const;`,
    'export type EventFamily = (typeof EVENT_FAMILIES)[number];\n',
    '/** The family of each event. */',
    `export const EVENT_FAMILY: Record<EventName, EventFamily> = {\n${familyOf}};\n`,
  ].join('\n');
}

/** Generates src/generated/events.generated.ts (path relative to root) from root/asyncapi.yaml. */
export async function generateEvents(root: string): Promise<{ path: string; content: string }[]> {
  const contract = await loadWebhookContract(root);
  const info = expectObject(contract.document.info, 'info');
  const summary =
    `// ${String(info.title)} ${String(info.version)}: ${contract.events.length} outbound events in ` +
    `${contract.families.length} families.\n`;
  const sections = [
    `${BANNER}\n${summary}`,
    catalogSection(contract),
    typesSection(contract),
    schemasSection(contract),
  ];
  const content = sections.join('\n');
  return [{ path: GENERATED_EVENTS_PATH, content: `${content.trimEnd()}\n` }];
}
