import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { Response } from 'supertest';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import {
  createCustomer,
  createIngredient,
  createMenuItem,
  createStockLevel,
} from '../support/catalog-builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { openapiDefinition } from '../support/openapi.js';
import { seedOrder } from '../support/order-builders.js';

// The Data API's own fuzz: every operation of openapi.yaml (the list comes from the contract,
// never from a hand list) gets integer boundaries in each path parameter, integer query parameter
// and `*_id` body field (and inside its pagination cursor), a body nested 5,000 levels deep, and
// malformed percent-encoding in its path. Each answer is documented for the operation and in the error shape (call() checks both
// against openapi.yaml); out-of-range values are 400 validation_error naming the field; nothing is
// a 5xx and nothing is logged as an error.

const INT_MAX = 2_147_483_647;

/** As sent: in a path or query string verbatim, in a JSON body as this JSON literal. */
const BOUNDARIES = ['0', '-1', '2147483647', '2147483648', '9007199254740993', '1e3', '"abc"'];
const BAD_ESCAPES = ['%E0%A4%A', '%', '%C0%80', '%zz'];
/** Unknown body fields named like members of Object.prototype, each with a value of its own kind. */
const PROTOTYPE_NAMES: [string, unknown][] = [
  ['toString', 'x'],
  ['constructor', 1],
  ['__proto__', {}],
  ['valueOf', 1],
  ['hasOwnProperty', true],
];

/** The JSON of `body` with one more own field first (JSON.parse keeps `__proto__` as an own key). */
function withField(body: unknown, name: string, value: unknown): string {
  const rest = JSON.stringify(body).slice(1);
  return `{${JSON.stringify(name)}:${JSON.stringify(value)}${rest === '}' ? '' : ','}${rest}`;
}

interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  minProperties?: number;
  additionalProperties?: boolean | Schema;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}
interface Parameter {
  name: string;
  in: string;
  schema: Schema;
  example?: unknown;
}
interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  parameters: Parameter[];
  body?: Schema;
  responses: Record<string, unknown>;
}

const definition = (await openapiDefinition()) as unknown as {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Record<string, unknown>;
      }
    >
  >;
};
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
// Parameters declared on the path item apply to each of its operations.
const operations: Operation[] = Object.entries(definition.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.has(method))
    .map(([method, op]) => ({
      operationId: op.operationId,
      method: method as Operation['method'],
      path,
      parameters: [
        ...((item as { parameters?: Parameter[] }).parameters ?? []),
        ...(op.parameters ?? []),
      ],
      body: op.requestBody?.content['application/json']?.schema,
      responses: op.responses,
    })),
);

type FieldPath = (string | number)[];

/** Where an integer `*_id` field sits in a body schema: array items as index 0, every oneOf branch. */
function integerIdFields(
  schema: Schema,
  at: FieldPath = [],
): { path: FieldPath; schema: Schema }[] {
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length > 0) return branches.flatMap((branch) => integerIdFields(branch, at));
  if (schema.type === 'array' && schema.items) return integerIdFields(schema.items, [...at, 0]);
  const found: { path: FieldPath; schema: Schema }[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.type === 'integer' && name.endsWith('_id'))
      found.push({ path: [...at, name], schema: property });
    else found.push(...integerIdFields(property, [...at, name]));
  }
  return found;
}

function reaches(schema: Schema, path: FieldPath): boolean {
  if (path.length === 0) return true;
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (branches.length > 0) return branches.some((branch) => reaches(branch, path));
  if (typeof path[0] === 'number')
    return schema.items !== undefined && reaches(schema.items, path.slice(1));
  const property = schema.properties?.[path[0]!];
  return property !== undefined && reaches(property, path.slice(1));
}

/**
 * A minimal valid instance of a request schema (required fields, from the contract's examples),
 * extended along `target` so that the field it names exists; `leaf` goes there.
 */
function instance(schema: Schema, target?: FieldPath, leaf?: unknown): unknown {
  if (target && target.length === 0) return leaf;
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (branches.length > 0)
    return instance(
      target ? branches.find((b) => reaches(b, target))! : branches[0]!,
      target,
      leaf,
    );
  if (schema.type === 'object' || schema.properties) {
    const value: Record<string, unknown> = {};
    const properties = schema.properties ?? {};
    const keys = [...(schema.required ?? [])];
    // minProperties: the first optional properties that may be sent (`not` marks a reserved one).
    for (const [key, property] of Object.entries(properties)) {
      if (keys.length < (schema.minProperties ?? 0) && !keys.includes(key) && !('not' in property))
        keys.push(key);
    }
    if (keys.length < (schema.minProperties ?? 0)) keys.push('fuzz');
    for (const key of keys) value[key] = properties[key] ? instance(properties[key]) : 'x';
    if (target)
      value[target[0] as string] = instance(
        properties[target[0] as string]!,
        target.slice(1),
        leaf,
      );
    return value;
  }
  if (schema.type === 'array') {
    const count = Math.max(schema.minItems ?? 0, target ? 1 : 0);
    return Array.from({ length: count }, (_, n) =>
      target && n === 0 ? instance(schema.items!, target.slice(1), leaf) : instance(schema.items!),
    );
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  if (schema.format === 'date-time') return '2026-03-14T18:05:12Z';
  return 'x'.repeat(schema.minLength ?? 1);
}

/** Would ajv (with the service's type coercion for path and query) accept this value? */
function accepts(schema: Schema, value: unknown, coerce: boolean): boolean {
  if (schema.type === 'string') {
    const text = String(value);
    return (
      (coerce || typeof value === 'string') &&
      (!schema.pattern || new RegExp(schema.pattern).test(text))
    );
  }
  const n =
    typeof value === 'number'
      ? value
      : coerce && typeof value === 'string' && value !== ''
        ? Number(value)
        : NaN;
  return (
    Number.isInteger(n) && n >= (schema.minimum ?? -Infinity) && n <= (schema.maximum ?? Infinity)
  );
}

let t: TestContext;
let inst: InstallationFixture;
/** Real ids for the path parameters, so that only the parameter under test is odd. */
let realIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '1000000' });
  inst = await createInstallation(t.db);
  const order = await seedOrder(t.db, inst);
  const item = await createMenuItem(t.db, inst.locationId);
  const customer = await createCustomer(t.db, inst.organizationId, {
    location_id: inst.locationId,
  });
  const ingredient = await createIngredient(t.db, inst.organizationId);
  await createStockLevel(t.db, {
    ingredientId: ingredient.ingredient_id,
    locationId: inst.locationId,
    onHand: '100',
  });
  realIds = {
    orderId: order.order_id,
    itemId: item.item_id,
    locationId: inst.locationId,
    customerId: customer.customer_id,
    ingredientId: ingredient.ingredient_id,
    logId: 1,
  };
});
afterAll(() => t.close());

const pathParams = (op: Operation) => op.parameters.filter((p) => p.in === 'path');
const urlOf = (op: Operation, values: Record<string, string> = {}) =>
  op.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) =>
      values[name] ?? String(realIds[name] ?? pathParams(op).find((p) => p.name === name)?.example),
  );

/**
 * One request as a plugin would send it, the body as these exact JSON bytes, signed with the
 * plugin's secret where the operation takes X-Svc-Signature (so that the body is what is judged).
 */
function send(op: Operation, url: string, rawBody?: string): Promise<Response> {
  const body = rawBody ?? (op.body ? JSON.stringify(instance(op.body)) : undefined);
  const headers: Record<string, string> =
    body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (
    body !== undefined &&
    op.parameters.some((p) => p.in === 'header' && p.name === 'X-Svc-Signature')
  ) {
    headers['X-Svc-Signature'] = createHmac('sha256', inst.webhookSecret)
      .update(body)
      .digest('hex');
  }
  return call(t.app, op.method, url, { key: inst.apiKey, headers, body });
}

/** The common bar: documented (call() checked it), never a 5xx, the spec's error shape on errors. */
function expectHandled(res: Response): void {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400)
    expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
}

function expectRefused(res: Response, field: string): void {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    error: 'validation_error',
    message: expect.any(String),
    details: expect.objectContaining({ [field]: expect.any(Array) }),
  });
}

describe('the contract', () => {
  it('when openapi.yaml is read, then it has the Data API operations the fuzz walks', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    expect(operations.filter((op) => pathParams(op).length > 0).length).toBeGreaterThanOrEqual(10);
    expect(
      operations.flatMap((op) => (op.body ? integerIdFields(op.body) : [])).length,
    ).toBeGreaterThanOrEqual(7);
  });

  it('when an operation takes an integer id or integer query parameter, then openapi.yaml bounds it to PostgreSQL integer', () => {
    const unbounded = operations.flatMap((op) => [
      ...op.parameters
        .filter(
          (p) =>
            p.schema.type === 'integer' &&
            !(p.schema.maximum! <= INT_MAX && p.schema.minimum! >= 0),
        )
        .map((p) => `${op.operationId} ${p.in} ${p.name}`),
      ...(op.body ? integerIdFields(op.body) : [])
        .filter((f) => !(f.schema.maximum! <= INT_MAX && f.schema.minimum! >= 1))
        .map((f) => `${op.operationId} body ${f.path.join('.')}`),
    ]);
    expect(unbounded).toEqual([]);
  });
});

describe.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
  '%s',
  (_name, op) => {
    const integerQuery = op.parameters.filter(
      (p) => p.in === 'query' && p.schema.type === 'integer',
    );
    const idFields = op.body ? integerIdFields(op.body) : [];

    if (pathParams(op).length > 0) {
      it.each(pathParams(op).map((p) => [p.name, p] as const))(
        'when path parameter %s is a boundary value, then a documented 4xx',
        async (name, param) => {
          for (const literal of BOUNDARIES) {
            const raw = literal.replace(/"/g, '');
            const res = await send(op, urlOf(op, { [name]: encodeURIComponent(raw) }));
            expectHandled(res);
            if (!accepts(param.schema, raw, true)) expectRefused(res, name);
          }
        },
      );
    }

    if (integerQuery.length > 0) {
      it.each(integerQuery.map((p) => [p.name, p] as const))(
        'when query parameter %s is a boundary value, then 400 or a documented answer',
        async (name, param) => {
          for (const literal of BOUNDARIES) {
            const raw = literal.replace(/"/g, '');
            const res = await send(op, `${urlOf(op)}?${name}=${encodeURIComponent(raw)}`);
            expectHandled(res);
            if (!accepts(param.schema, raw, true)) expectRefused(res, name);
          }
        },
      );
    }

    if (op.parameters.some((p) => p.in === 'query' && p.name === 'cursor')) {
      it('when the cursor carries a boundary id, then 400 naming the cursor or a documented page', async () => {
        for (const literal of BOUNDARIES) {
          const cursor = Buffer.from(`[${literal}]`).toString('base64url');
          const res = await send(op, `${urlOf(op)}?cursor=${cursor}`);
          expectHandled(res);
          if (
            !accepts({ type: 'integer', minimum: 1, maximum: INT_MAX }, JSON.parse(literal), false)
          )
            expectRefused(res, 'cursor');
        }
      });
    }

    if (idFields.length > 0) {
      it.each(idFields.map((f) => [f.path.join('.'), f] as const))(
        'when body field %s is a boundary value, then 400 or a documented answer',
        async (field, { path, schema }) => {
          for (const literal of BOUNDARIES) {
            const raw = JSON.stringify(instance(op.body!, path, '\u0000fuzz')).replace(
              '"\\u0000fuzz"',
              literal,
            );
            const res = await send(op, urlOf(op), raw);
            expectHandled(res);
            if (!accepts(schema, JSON.parse(literal), false)) expectRefused(res, field);
          }
        },
      );
    }

    if (op.body) {
      // A body that takes any field (installation config) keeps such a name as a field of its own.
      const freeForm = op.body.additionalProperties === true;
      it.each(PROTOTYPE_NAMES)(
        `when the body has a field named %s, then ${freeForm ? 'it is kept as a field' : '400 validation_error naming it'}`,
        async (name, value) => {
          const res = await send(op, urlOf(op), withField(instance(op.body!), name, value));
          if (freeForm) {
            expect(res.status).toBe(200);
            expect(Object.getOwnPropertyDescriptor(res.body.data.config, name)?.value).toEqual(
              value,
            );
          } else {
            expectRefused(res, name);
            expect(res.body.details[name]).toEqual(['is not a known field']);
          }
        },
      );

      it('when the body is nested 5,000 levels deep, then 400 validation_error', async () => {
        for (const raw of [
          `${'{"a":'.repeat(4999)}{}${'}'.repeat(4999)}`,
          `${'['.repeat(5000)}${']'.repeat(5000)}`,
        ]) {
          const res = await send(op, urlOf(op), raw);
          expectRefused(res, 'body');
          expect(res.body.details.body).toEqual(['must not be nested deeper than 64 levels']);
        }
      });
    }

    it('when the path has malformed percent-encoding, then 400 validation_error naming the path', async () => {
      for (const escape of BAD_ESCAPES) {
        const params = pathParams(op);
        // A template with parameters gets the escape in each (still this operation, so the answer
        // is checked against it); one without gets it glued to its last segment, which names no
        // operation and still answers in the error shape.
        const urls =
          params.length > 0
            ? params.map((p) => urlOf(op, { [p.name]: escape }))
            : [`${op.path}${escape}`];
        for (const url of urls) {
          const res = await call(t.app, op.method, url, {
            key: inst.apiKey,
            unchecked: params.length === 0,
          });
          expectRefused(res, 'path');
        }
      }
    });
  },
);

describe('after the fuzz', () => {
  it('then nothing was logged as an error', () => {
    const errors = t.logs.filter(
      (line) => JSON.parse(line).level >= 50 || line.includes('unhandled'),
    );
    expect(errors).toEqual([]);
  });
});
