import { comparePatterns } from './pattern.js';
import { pastTense, type ChangeCategory } from './types.js';

/** A classified change inside a request or response schema (rule ids: README, "API review"). */
export interface SchemaVerdict {
  id: string;
  breaking: boolean;
  category: ChangeCategory;
  /** The property path inside the body: `data.items[].item_id`. */
  field: string;
  message: string;
}

export type Scope = 'request' | 'response';
type Action = 'add' | 'remove' | 'replace' | 'rename';

export interface SchemaDiff {
  action: Action;
  /** The diff's path below the schema's root (`properties`, `items`, keywords). */
  rel: string[];
  before: unknown;
  after: unknown;
  /** api-smart-diff's own verdict, kept for what no rule of ours covers. */
  libraryBreaking: boolean;
  /** Whether `name` is a property of the object at `rel` (ours, resolved through $ref) before/after. */
  hasProperty(side: 'before' | 'after', rel: string[], name: string): boolean;
  /** The schema at `rel` on one side (resolved through $ref). */
  nodeAt(side: 'before' | 'after', rel: string[]): unknown;
  /** The `required` list of the object at `rel` (resolved through $ref). */
  required(side: 'before' | 'after', rel: string[]): string[];
}

const DOCS = new Set(['description', 'example', 'examples', 'title', 'externalDocs', 'summary']);
const MAXIMA = new Set(['maxLength', 'maximum', 'maxItems', 'maxProperties']);
const MINIMA = new Set(['minLength', 'minimum', 'minItems', 'minProperties']);

/** Splits the path into the property path it walks through and the keyword it changes. */
function walk(rel: string[]): { field: string; at: number; property: string | undefined } {
  let field = '';
  let property: string | undefined;
  let i = 0;
  while (i < rel.length) {
    const key = rel[i]!;
    if (key === 'properties' && i + 1 < rel.length) {
      property = rel[i + 1]!;
      field += (field ? '.' : '') + property;
      i += 2;
    } else if (key === 'items') {
      field += '[]';
      property = undefined;
      i += 1;
    } else if ((key === 'allOf' || key === 'oneOf' || key === 'anyOf') && i + 1 < rel.length) {
      property = undefined;
      i += 2;
    } else break;
  }
  return { field, at: i, property };
}

const v = (
  id: string,
  breaking: boolean,
  category: ChangeCategory,
  field: string,
  message: string,
): SchemaVerdict => ({ id, breaking, category, field, message });
const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));

export function classifySchemaDiff(scope: Scope, d: SchemaDiff): SchemaVerdict[] {
  const { field, at, property } = walk(d.rel);
  const keyword = d.rel.slice(at);
  const here = field;
  if (keyword.length === 0) {
    if (property === undefined)
      return [
        v(
          `${scope}-schema-changed`,
          d.libraryBreaking,
          'changed',
          here,
          `schema ${pastTense(d.action)}`,
        ),
      ];
    return propertyAddedOrRemoved(scope, d, field, property);
  }
  const [kw] = keyword as [string, ...string[]];
  if (kw === 'required') return requiredChanged(scope, d, d.rel.slice(0, at), field, keyword);
  if (kw === 'deprecated') {
    const on = d.after === true;
    return [
      v(
        on ? `${scope}-property-deprecated` : `${scope}-property-undeprecated`,
        false,
        on ? 'deprecated' : 'changed',
        here,
        on ? 'deprecated' : 'no longer deprecated',
      ),
    ];
  }
  if (DOCS.has(kw) || kw.startsWith('x-'))
    return [v('documentation-changed', false, 'changed', '', `${kw} changed`)];
  // Values added to a schema that had no enum: the enum itself is new.
  const newEnum =
    kw === 'enum' &&
    keyword.length === 2 &&
    d.action === 'add' &&
    !hasEnum(d.nodeAt('before', d.rel.slice(0, at)));
  if (newEnum) {
    const values = (d.nodeAt('after', d.rel.slice(0, at)) as { enum: unknown[] }).enum;
    const message = `enum ${show(values)} added: other values are ${scope === 'request' ? 'refused' : 'never returned'}`;
    return [
      v(
        scope === 'request' ? 'request-constraint-tightened' : 'response-constraint-changed',
        scope === 'request',
        'changed',
        here,
        message,
      ),
    ];
  }
  const depth = keyword.length;
  return scope === 'request'
    ? requestKeyword(d, kw, depth, here)
    : responseKeyword(d, kw, depth, here);
}

const hasEnum = (node: unknown) =>
  typeof node === 'object' && node !== null && Array.isArray((node as { enum?: unknown }).enum);

function propertyAddedOrRemoved(
  scope: Scope,
  d: SchemaDiff,
  field: string,
  property: string,
): SchemaVerdict[] {
  const parent = d.rel.slice(0, -2);
  if (d.action === 'add') {
    // A property added as required is reported once, by its `required` entry.
    if (scope === 'request' && d.required('after', parent).includes(property)) return [];
    return [v(`${scope}-property-added`, false, 'added', field, `property \`${property}\` added`)];
  }
  if (d.action === 'rename')
    return [
      v(
        `${scope}-property-removed`,
        scope === 'response' || d.libraryBreaking,
        'removed',
        field,
        `property renamed to \`${String(d.after)}\``,
      ),
    ];
  return [
    v(
      `${scope}-property-removed`,
      scope === 'response' || d.libraryBreaking,
      'removed',
      field,
      `property \`${property}\` removed`,
    ),
  ];
}

function requiredChanged(
  scope: Scope,
  d: SchemaDiff,
  parent: string[],
  field: string,
  keyword: string[],
): SchemaVerdict[] {
  const value = d.action === 'remove' ? d.before : d.after;
  const names = (keyword.length === 1 ? (value as string[]) : [value as string]).filter(
    (n) => typeof n === 'string',
  );
  const at = (name: string) => (field ? `${field}.${name}` : name);
  return names.flatMap((name) => {
    if (scope === 'response') {
      // A removed property is reported once, by its removal.
      if (d.action === 'remove' && !d.hasProperty('after', parent, name)) return [];
      return d.action === 'remove'
        ? [
            v(
              'response-property-made-optional',
              true,
              'changed',
              at(name),
              `\`${name}\` is no longer required (may be absent)`,
            ),
          ]
        : [
            v(
              'response-property-made-required',
              false,
              'changed',
              at(name),
              `\`${name}\` is now always present`,
            ),
          ];
    }
    if (d.action === 'remove')
      return [
        v(
          'request-property-made-optional',
          false,
          'changed',
          at(name),
          `\`${name}\` is no longer required`,
        ),
      ];
    return d.hasProperty('before', parent, name)
      ? [
          v(
            'request-property-made-required',
            true,
            'changed',
            at(name),
            `\`${name}\` is now required`,
          ),
        ]
      : [
          v(
            'request-property-added-required',
            true,
            'added',
            at(name),
            `required property \`${name}\` added`,
          ),
        ];
  });
}

/** What a client sends: a narrower schema refuses requests that passed before. */
function requestKeyword(d: SchemaDiff, kw: string, depth: number, here: string): SchemaVerdict[] {
  const tightened = requestTightened(d, kw, depth);
  if (tightened === undefined)
    return [
      v(
        'request-schema-changed',
        d.libraryBreaking,
        'changed',
        here,
        `${kw} ${pastTense(d.action)}`,
      ),
    ];
  if (kw === 'type')
    return [
      v(
        tightened ? 'request-type-changed' : 'request-type-widened',
        tightened,
        'changed',
        here,
        `type ${show(d.before)} -> ${show(d.after)}`,
      ),
    ];
  if (kw === 'enum' && depth === 2 && d.action === 'add')
    return [
      v('request-enum-value-added', false, 'changed', here, `enum value ${show(d.after)} accepted`),
    ];
  const what =
    kw === 'enum' && depth === 2
      ? `enum value ${show(d.before)} ${d.action === 'remove' ? 'removed' : `-> ${show(d.after)}`}`
      : `${kw} ${show(d.before)} -> ${show(d.after)}`;
  return [
    v(
      tightened ? 'request-constraint-tightened' : 'request-constraint-relaxed',
      tightened,
      'changed',
      here,
      what,
    ),
  ];
}

function requestTightened(d: SchemaDiff, kw: string, depth: number): boolean | undefined {
  const { action, before, after } = d;
  if (MAXIMA.has(kw))
    return action === 'add' || (action === 'replace' && Number(after) < Number(before));
  if (MINIMA.has(kw))
    return action === 'add' || (action === 'replace' && Number(after) > Number(before));
  switch (kw) {
    case 'pattern':
      return (
        action === 'add' ||
        (action === 'replace' &&
          comparePatterns(String(before), String(after)) !== 'widened' &&
          before !== after)
      );
    case 'format':
    case 'multipleOf':
      return action !== 'remove';
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return after === true;
    case 'enum':
      return depth === 1 ? action === 'add' : action !== 'add';
    case 'nullable':
      return action === 'remove' || after === false;
    case 'additionalProperties':
      return after === false;
    case 'type':
      return (
        action === 'add' || (action === 'replace' && !(before === 'integer' && after === 'number'))
      );
    default:
      return undefined;
  }
}

/** What a client reads: anything it relied on that is gone or different. */
function responseKeyword(d: SchemaDiff, kw: string, depth: number, here: string): SchemaVerdict[] {
  const { action, before, after } = d;
  if (kw === 'enum' && depth === 2) {
    if (action === 'add')
      return [
        v(
          'response-enum-value-added',
          false,
          'changed',
          here,
          `enum value ${show(after)} may be returned (clients must tolerate unknown values)`,
        ),
      ];
    return [
      v(
        'response-enum-value-removed',
        true,
        'changed',
        here,
        `enum value ${show(before)} ${action === 'remove' ? 'removed' : `replaced by ${show(after)}`}`,
      ),
    ];
  }
  if (kw === 'type' || kw === 'format') {
    const breaking = action !== 'add';
    return [
      v(
        'response-type-changed',
        breaking,
        'changed',
        here,
        `${kw} ${show(before)} -> ${show(after)}`,
      ),
    ];
  }
  if (kw === 'nullable') {
    const nullable = after === true;
    return [
      v(
        nullable ? 'response-property-made-nullable' : 'response-property-made-non-nullable',
        nullable,
        'changed',
        here,
        nullable ? 'may now be null' : 'is never null any more',
      ),
    ];
  }
  return [
    v(
      'response-constraint-changed',
      d.libraryBreaking && kw !== 'enum',
      'changed',
      here,
      `${kw} ${show(before)} -> ${show(after)}`,
    ),
  ];
}
