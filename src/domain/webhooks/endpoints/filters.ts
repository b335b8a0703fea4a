import type { Details } from '../../shared/index.js';
import type { EventName } from '../../../generated/events.generated.js';
import type { PathTypes, PayloadContract } from './event-contract.js';

// Pure: a webhook endpoint's content filter, `{ "<payload path>": { <operator>: <value> } }`, every
// condition of every path must hold (AND). Paths start at the envelope (`data.party_size`,
// `installation_id`). Operators: eq and in (a string, number, boolean or null of the field's type),
// gte and lte (a number, on a number field), exists (true: present and not null). Checked when an
// endpoint is saved against the payload schemas of the events it selects, in its API version:
// a path must be in at least one of them (an event without it never matches the path).

export type Scalar = string | number | boolean | null;

export interface Condition {
  eq?: Scalar;
  in?: Scalar[];
  gte?: number;
  lte?: number;
  exists?: boolean;
}

export type EndpointFilter = Record<string, Condition>;

export const MAX_FILTER_CONDITIONS = 20;
export const MAX_IN_VALUES = 50;
const OPERATORS = ['eq', 'in', 'gte', 'lte', 'exists'] as const;
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*){0,9}$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is Scalar =>
  v === null || ['string', 'boolean'].includes(typeof v) || Number.isFinite(v);
const show = (v: unknown) => JSON.stringify(v);

/**
 * The filter's problems for a `validation_error`, keyed `filter` (its shape, its size) or
 * `filter.<path>` (that path's conditions); empty when the filter can be saved.
 */
export function filterProblems(
  filter: unknown,
  events: readonly EventName[],
  contract: PayloadContract,
): Details {
  const details: Details = {};
  const problem = (key: string, message: string) => (details[key] ??= []).push(message);
  if (!isObject(filter)) {
    problem(
      'filter',
      'must be an object of payload paths to conditions, e.g. {"data.party_size": {"gte": 4}}',
    );
    return details;
  }
  let count = 0;
  for (const [path, condition] of Object.entries(filter)) {
    const key = `filter.${path}`;
    if (!PATH.test(path))
      problem(key, 'must be a dotted path of field names, e.g. data.party_size');
    else if (!isObject(condition) || Object.keys(condition).length === 0)
      problem(key, `must be an object of one or more of ${OPERATORS.join(', ')}`);
    else {
      count += Object.keys(condition).length;
      for (const message of conditionProblems(path, condition, events, contract))
        problem(key, message);
    }
  }
  if (count > MAX_FILTER_CONDITIONS)
    problem('filter', `has at most ${MAX_FILTER_CONDITIONS} conditions (got ${count})`);
  return details;
}

function conditionProblems(
  path: string,
  condition: Record<string, unknown>,
  events: readonly EventName[],
  contract: PayloadContract,
): string[] {
  const unknown = Object.keys(condition).filter(
    (op) => !(OPERATORS as readonly string[]).includes(op),
  );
  if (unknown.length > 0) return [`${unknown.join(', ')}: use ${OPERATORS.join(', ')}`];
  const shape = shapeProblems(condition);
  if (shape.length > 0) return shape;
  const found = events.flatMap((event) => {
    const types = contract.pathTypes(event, path);
    return typeof types === 'string' ? [] : [{ event, types }];
  });
  if (found.length === 0)
    return [`${path} is in no payload of ${eventList(events)}${whyAbsent(path, events, contract)}`];
  const messages: string[] = [];
  for (const [op, value] of Object.entries(condition)) {
    if (op === 'exists') continue;
    const wrong = found.filter(({ types }) => typeProblem(op, value, types) !== undefined);
    if (wrong.length === 0) continue;
    messages.push(
      `${typeProblem(op, value, wrong[0]!.types)} in ${eventList(wrong.map((w) => w.event))}`,
    );
  }
  return messages;
}

/** The value each operator takes, whatever the field. */
function shapeProblems(c: Record<string, unknown>): string[] {
  const out: string[] = [];
  if ('eq' in c && !isScalar(c.eq)) out.push('eq compares a string, number, boolean or null');
  if ('in' in c) {
    if (!Array.isArray(c.in) || c.in.length === 0 || c.in.length > MAX_IN_VALUES)
      out.push(`in takes a list of 1 to at most ${MAX_IN_VALUES} values`);
    else if (!c.in.every(isScalar)) out.push('in lists strings, numbers, booleans or null');
  }
  for (const op of ['gte', 'lte'] as const)
    if (op in c && !Number.isFinite(c[op])) out.push(`${op} needs a number (got ${show(c[op])})`);
  if ('exists' in c && typeof c.exists !== 'boolean') out.push('exists is true or false');
  return out;
}

/** Why the value does not fit the field, or undefined when it does. */
function typeProblem(op: string, value: unknown, { types, values }: PathTypes): string | undefined {
  if (types.has('any')) return undefined;
  const numeric = types.has('number') || types.has('integer');
  if (op === 'gte' || op === 'lte')
    return numeric
      ? undefined
      : `${op} needs a number field: the field is ${[...types].join(' or ')}`;
  const list = op === 'in' ? (value as Scalar[]) : [value as Scalar];
  for (const v of list) {
    const t = v === null ? 'null' : typeof v;
    const fits =
      t === 'number'
        ? types.has('number') || (types.has('integer') && Number.isInteger(v))
        : types.has(t);
    if (!fits)
      return `${op} ${show(v)} is ${t === 'number' ? 'a number' : t}; the field is ${[...types].join(' or ')}`;
    if (values && !values.some((allowed) => allowed === v))
      return `${op} ${show(v)} is not one of ${values.map(show).join(', ')}`;
  }
  return undefined;
}

function whyAbsent(path: string, events: readonly EventName[], contract: PayloadContract): string {
  const reasons = new Set(
    events.map((e) => contract.pathTypes(e, path)).filter((r) => typeof r === 'string'),
  );
  reasons.delete('no such field');
  return reasons.size > 0 ? ` (${[...reasons].join('; ')})` : '';
}

const eventList = (events: readonly string[]) =>
  events.length === 0 ? 'the selected events (none)' : events.join(', ');

/** The value at a dotted path, undefined when a step is missing. */
export function valueAt(envelope: unknown, path: string): unknown {
  let at = envelope;
  for (const segment of path.split('.')) at = isObject(at) ? at[segment] : undefined;
  return at;
}

/** What the envelope fails of the filter, one sentence a condition; empty: it matches. */
export function filterMisses(filter: EndpointFilter, envelope: unknown): string[] {
  const misses: string[] = [];
  for (const [path, c] of Object.entries(filter)) {
    const value = valueAt(envelope, path);
    const present = value !== undefined && value !== null;
    if (c.exists === false) {
      if (present) misses.push(`${path} exists`);
      continue;
    }
    if (value === undefined) {
      misses.push(`${path} is absent`);
      continue;
    }
    if (c.exists === true && !present) {
      misses.push(`${path} is null`);
      continue;
    }
    const is = `${path} is ${show(value)}`;
    if ('eq' in c && value !== c.eq) misses.push(`${is}, not ${show(c.eq)}`);
    if (c.in && !c.in.includes(value as Scalar))
      misses.push(`${is}, not one of ${c.in.map(show).join(', ')}`);
    if (c.gte !== undefined && !(typeof value === 'number' && value >= c.gte))
      misses.push(`${is}, not >= ${c.gte}`);
    if (c.lte !== undefined && !(typeof value === 'number' && value <= c.lte))
      misses.push(`${is}, not <= ${c.lte}`);
  }
  return misses;
}
