import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  deriveVersions,
  loadMigrations,
  parseRecord,
  supportedVersions,
  type ChangeRecord,
  type Instruction,
} from '../../src/domain/api-versions/index.js';
import type { Doc } from './contract-copies.js';

// The engine of dated versions on small documents: each instruction kind undone on head gives the
// previous version; head is never changed; an instruction naming nothing is refused by name.

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

const openapi = (): Doc => ({
  openapi: '3.0.3',
  info: { title: 'small', version: '1' },
  paths: {
    '/orders/{orderId}': {
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getOrder',
        parameters: [
          {
            name: 'expand',
            in: 'query',
            required: true,
            schema: { type: 'string', enum: ['items', 'payments'] },
          },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
          },
        },
      },
    },
    '/notes': { get: { operationId: 'listNotes', responses: { '200': { description: 'ok' } } } },
  },
  components: {
    schemas: {
      Order: {
        type: 'object',
        required: ['order_number', 'status'],
        properties: {
          order_number: { type: 'string' },
          status: { $ref: '#/components/schemas/OrderStatus' },
          total: { type: 'integer' },
          customer: { type: 'object', properties: { full_name: { type: 'string' } } },
          lines: {
            type: 'array',
            items: { type: 'object', properties: { qty: { type: 'integer' } } },
          },
          note: { $ref: '#/components/schemas/Note' },
        },
        example: { order_number: 'A1', status: 'OPEN' },
      },
      OrderStatus: { type: 'string', enum: ['OPEN', 'PAID', 'VOIDED'] },
      Note: { type: 'object', properties: { text: { type: 'string' } } },
    },
  },
});

const asyncapi = (): Doc => ({
  asyncapi: '3.0.0',
  info: { title: 'small', version: '1' },
  channels: {
    endpoint: {
      messages: {
        OrderCreated: { $ref: '#/components/messages/OrderCreated' },
        OrderVoided: { $ref: '#/components/messages/OrderVoided' },
      },
    },
  },
  operations: {
    sendOrderCreated: {
      action: 'send',
      channel: { $ref: '#/channels/endpoint' },
      messages: [{ $ref: '#/channels/endpoint/messages/OrderCreated' }],
    },
    sendOrderVoided: {
      action: 'send',
      channel: { $ref: '#/channels/endpoint' },
      messages: [{ $ref: '#/channels/endpoint/messages/OrderVoided' }],
    },
  },
  components: {
    messages: {
      OrderCreated: {
        name: 'order.created',
        payload: { $ref: '#/components/schemas/OrderCreatedData' },
      },
      OrderVoided: {
        name: 'order.voided',
        payload: { $ref: '#/components/schemas/OrderCreatedData' },
      },
    },
    schemas: {
      OrderCreatedData: {
        type: 'object',
        required: ['order_number'],
        properties: { order_number: { type: 'string' } },
      },
    },
  },
});

const record = (version: string, ...instructions: Instruction[]): ChangeRecord => ({
  version,
  title: 'A change',
  changes: [
    { id: 'the-change', description: 'What changed.', upgrade: 'What to do.', instructions },
  ],
});

/** The version before 2099-01-01, from head (`openapi()`, `asyncapi()` unless given) and one record. */
function previous(...instructions: Instruction[]) {
  const head = { openapi: openapi(), asyncapi: asyncapi() };
  const versions = deriveVersions(head, [record('2099-01-01', ...instructions)]);
  expect(head).toEqual({ openapi: openapi(), asyncapi: asyncapi() });
  expect(versions.map((v) => v.version)).toEqual(['2099-01-01', '2026-11-21']);
  expect(versions[0]).toEqual({ version: '2099-01-01', ...head });
  return versions[1]! as { version: string; openapi: Doc; asyncapi: Doc };
}

const schemasOf = (doc: Doc) => doc.components.schemas;

describe('deriveVersions: a property of a component schema', () => {
  it('when a property was renamed, then the previous version has the old name at the same place, in required and in the example', () => {
    const order = schemasOf(
      previous({
        contract: 'openapi',
        schema: 'Order',
        property: 'order_number',
        renamed_from: 'unique_orderid',
      }).openapi,
    ).Order;
    expect(Object.keys(order.properties)).toEqual([
      'unique_orderid',
      'status',
      'total',
      'customer',
      'lines',
      'note',
    ]);
    expect(order.required).toEqual(['unique_orderid', 'status']);
    expect(order.example).toEqual({ unique_orderid: 'A1', status: 'OPEN' });
  });

  it('when a property had another schema, then the previous version has that schema', () => {
    const order = schemasOf(
      previous({
        contract: 'openapi',
        schema: 'Order',
        property: 'total',
        had: { type: 'string', format: 'decimal' },
      }).openapi,
    ).Order;
    expect(order.properties.total).toEqual({ type: 'string', format: 'decimal' });
  });

  it('when a nested property did not exist, then the previous version lacks it; through a $ref the referenced schema changes and the $ref stays', () => {
    const docs = previous(
      { contract: 'openapi', schema: 'Order', property: 'customer.full_name', didnt_exist: true },
      { contract: 'openapi', schema: 'Order', property: 'note.text', didnt_exist: true },
    );
    const schemas = schemasOf(docs.openapi);
    expect(schemas.Order.properties.customer).toEqual({ type: 'object', properties: {} });
    expect(schemas.Order.properties.note).toEqual({ $ref: '#/components/schemas/Note' });
    expect(schemas.Note).toEqual({ type: 'object', properties: {} });
  });

  it('when a property existed (inside an array of objects), then the previous version has it back, required when it was', () => {
    const order = schemasOf(
      previous({
        contract: 'openapi',
        schema: 'Order',
        property: 'lines.note',
        existed: { schema: { type: 'string' }, required: true },
      }).openapi,
    ).Order;
    expect(order.properties.lines.items).toEqual({
      type: 'object',
      properties: { qty: { type: 'integer' }, note: { type: 'string' } },
      required: ['note'],
    });
  });

  it('when a property was optional, then the previous version does not require it', () => {
    const order = schemasOf(
      previous({ contract: 'openapi', schema: 'Order', property: 'status', was_optional: true })
        .openapi,
    ).Order;
    expect(order.required).toEqual(['order_number']);
  });

  it('when an enum value was added to a property behind a $ref, then the referenced enum loses it and the property keeps its $ref', () => {
    const schemas = schemasOf(
      previous({ contract: 'openapi', schema: 'Order', property: 'status', enum_added: ['VOIDED'] })
        .openapi,
    );
    expect(schemas.OrderStatus.enum).toEqual(['OPEN', 'PAID']);
    expect(schemas.Order.properties.status).toEqual({ $ref: '#/components/schemas/OrderStatus' });
  });
});

describe('deriveVersions: a component schema', () => {
  it('when an enum value was removed, then the previous version has it', () => {
    expect(
      schemasOf(
        previous({ contract: 'openapi', schema: 'OrderStatus', enum_removed: ['REFUNDED'] })
          .openapi,
      ).OrderStatus.enum,
    ).toEqual(['OPEN', 'PAID', 'VOIDED', 'REFUNDED']);
  });

  it('when a schema was renamed, then the previous version has the old name and every $ref to it follows', () => {
    const schemas = schemasOf(
      previous({ contract: 'openapi', schema: 'Note', renamed_from: 'Memo' }).openapi,
    );
    expect(Object.keys(schemas)).toEqual(['Order', 'OrderStatus', 'Memo']);
    expect(schemas.Order.properties.note).toEqual({ $ref: '#/components/schemas/Memo' });
  });

  it('when a schema did not exist, had another shape or existed, then the previous version says so', () => {
    const schemas = schemasOf(
      previous(
        { contract: 'openapi', schema: 'Note', didnt_exist: true },
        { contract: 'openapi', schema: 'OrderStatus', had: { type: 'string' } },
        { contract: 'openapi', schema: 'Tip', existed: { type: 'integer' } },
      ).openapi,
    );
    expect(schemas.Note).toBeUndefined();
    expect(schemas.OrderStatus).toEqual({ type: 'string' });
    expect(schemas.Tip).toEqual({ type: 'integer' });
  });
});

describe('deriveVersions: operations and parameters', () => {
  it('when an operation did not exist, then the previous version lacks it (and its path once empty); when one existed, it is back', () => {
    const docs = previous(
      { contract: 'openapi', operation: 'listNotes', didnt_exist: true },
      {
        contract: 'openapi',
        operation: 'voidOrder',
        existed: {
          path: '/orders/{orderId}',
          method: 'delete',
          operation: { responses: { '204': { description: 'voided' } } },
        },
      },
    );
    expect(docs.openapi.paths['/notes']).toBeUndefined();
    expect(docs.openapi.paths['/orders/{orderId}'].delete).toEqual({
      operationId: 'voidOrder',
      responses: { '204': { description: 'voided' } },
    });
  });

  it('when a parameter was renamed, had another schema, was optional or gained an enum value, then the previous version says so', () => {
    const expand = (...instructions: Omit<Instruction, 'contract' | 'operation' | 'parameter'>[]) =>
      previous(
        ...instructions.map((i) => ({
          contract: 'openapi' as const,
          operation: 'getOrder',
          parameter: { name: 'expand', in: 'query' as const },
          ...i,
        })),
      ).openapi.paths['/orders/{orderId}'].get.parameters;
    expect(expand({ renamed_from: 'include' })[0].name).toBe('include');
    expect(expand({ had: { type: 'boolean' } })[0].schema).toEqual({ type: 'boolean' });
    expect(expand({ was_optional: true })[0].required).toBeUndefined();
    expect(expand({ enum_added: ['payments'] })[0].schema.enum).toEqual(['items']);
    expect(expand({ didnt_exist: true })).toBeUndefined();
  });

  it('when a parameter existed, then the previous version has it back', () => {
    const parameters = previous({
      contract: 'openapi',
      operation: 'getOrder',
      parameter: { name: 'fields', in: 'query' },
      existed: { schema: { type: 'string' } },
    }).openapi.paths['/orders/{orderId}'].get.parameters;
    expect(parameters[1]).toEqual({ name: 'fields', in: 'query', schema: { type: 'string' } });
  });
});

describe('deriveVersions: asyncapi events and payloads', () => {
  it('when an event did not exist, then the previous version lacks its message, its channel entry and its operation', () => {
    const doc = previous({
      contract: 'asyncapi',
      event: 'order.voided',
      didnt_exist: true,
    }).asyncapi;
    expect(Object.keys(doc.components.messages)).toEqual(['OrderCreated']);
    expect(Object.keys(doc.channels.endpoint.messages)).toEqual(['OrderCreated']);
    expect(Object.keys(doc.operations)).toEqual(['sendOrderCreated']);
  });

  it('when an event existed, then the previous version has it back where its operation says', () => {
    const head = asyncapi();
    const doc = previous({
      contract: 'asyncapi',
      event: 'order.reopened',
      existed: {
        operation_id: 'sendOrderReopened',
        operation: {
          action: 'send',
          channel: { $ref: '#/channels/endpoint' },
          messages: [{ $ref: '#/channels/endpoint/messages/OrderReopened' }],
        },
        message: { name: 'order.reopened', payload: { type: 'object' } },
      },
    }).asyncapi;
    expect(doc.components.messages.OrderReopened).toEqual({
      name: 'order.reopened',
      payload: { type: 'object' },
    });
    expect(doc.channels.endpoint.messages.OrderReopened).toEqual({
      $ref: '#/components/messages/OrderReopened',
    });
    expect(doc.operations.sendOrderReopened.messages).toEqual([
      { $ref: '#/channels/endpoint/messages/OrderReopened' },
    ]);
    expect(Object.keys(doc.operations)).toEqual([
      ...Object.keys(head.operations),
      'sendOrderReopened',
    ]);
  });

  it("when a payload's property was renamed, then the previous version's payload schema has the old name", () => {
    const doc = previous({
      contract: 'asyncapi',
      schema: 'OrderCreatedData',
      property: 'order_number',
      renamed_from: 'unique_orderid',
    }).asyncapi;
    expect(schemasOf(doc).OrderCreatedData).toEqual({
      type: 'object',
      required: ['unique_orderid'],
      properties: { unique_orderid: { type: 'string' } },
    });
  });
});

describe('deriveVersions: several records', () => {
  it('when two records exist, then there are three versions, each older one with the newer records undone', () => {
    const versions = deriveVersions({ openapi: openapi(), asyncapi: asyncapi() }, [
      record('2099-01-01', {
        contract: 'openapi',
        schema: 'Order',
        property: 'order_number',
        renamed_from: 'number',
      }),
      record('2099-06-01', {
        contract: 'openapi',
        schema: 'Order',
        property: 'total',
        didnt_exist: true,
      }),
    ]);
    expect(versions.map((v) => v.version)).toEqual(['2099-06-01', '2099-01-01', '2026-11-21']);
    expect(Object.keys(schemasOf(versions[1]!.openapi).Order.properties)).toEqual([
      'order_number',
      'status',
      'customer',
      'lines',
      'note',
    ]);
    expect(Object.keys(schemasOf(versions[2]!.openapi).Order.properties)).toEqual([
      'number',
      'status',
      'customer',
      'lines',
      'note',
    ]);
    expect(supportedVersions([record('2099-01-01'), record('2099-06-01')])).toEqual([
      '2099-06-01',
      '2099-01-01',
      '2026-11-21',
    ]);
    expect(supportedVersions([])).toEqual(['2026-11-21']);
  });
});

describe('change records refused', () => {
  it('when an instruction names a property that does not exist, then the record, the change id and the path are in the error', () => {
    expect(() =>
      previous({
        contract: 'openapi',
        schema: 'Order',
        property: 'customer.nickname',
        had: { type: 'string' },
      }),
    ).toThrow(
      'contracts/versions/2099-01-01.yaml, change the-change: openapi components.schemas.Order.properties.customer.properties.nickname: no such property in version 2099-01-01',
    );
    expect(() =>
      previous({ contract: 'openapi', schema: 'Ticket', property: 'id', didnt_exist: true }),
    ).toThrow('openapi components.schemas.Ticket.properties.id: no such schema');
    expect(() =>
      previous({
        contract: 'openapi',
        operation: 'getOrder',
        parameter: { name: 'nope', in: 'query' },
        was_optional: true,
      }),
    ).toThrow('operation getOrder parameter query nope: no such parameter');
    expect(() =>
      previous({ contract: 'asyncapi', event: 'order.lost', didnt_exist: true }),
    ).toThrow('asyncapi event order.lost: no such event');
    expect(() =>
      previous({ contract: 'openapi', schema: 'Order', property: 'status', enum_added: ['LOST'] }),
    ).toThrow('enum lacks ["LOST"]');
  });

  it('when a record is malformed, then parseRecord names the file and what is wrong', () => {
    const valid =
      'version: 2099-01-01\ntitle: T\nchanges:\n  - id: c\n    description: D\n    upgrade: U\n    instructions:\n      - {contract: openapi, schema: Order, property: x, didnt_exist: true}\n';
    expect(parseRecord(valid, '2099-01-01').changes[0]!.instructions).toHaveLength(1);
    expect(() => parseRecord(valid, '2099-02-02')).toThrow(
      'contracts/versions/2099-02-02.yaml: version 2099-01-01 differs',
    );
    expect(() =>
      parseRecord(valid.replace('didnt_exist: true', 'didnt_exist: true, had: {}'), '2099-01-01'),
    ).toThrow(/changes\.0\.instructions\.0: needs exactly one of renamed_from/);
    expect(() => parseRecord(valid.replace('schema: Order, ', ''), '2099-01-01')).toThrow(
      'property needs schema',
    );
    expect(() => parseRecord(valid.replace('2099-01-01', '2026-01-01'), '2026-01-01')).toThrow(
      'newer than the first version 2026-11-21',
    );
  });
});

describe('migrations', () => {
  it('when an instruction names migrations, then they are the functions exported beside the record; a missing one is refused', async () => {
    const withMigration = record('2099-01-01', {
      contract: 'openapi',
      schema: 'Order',
      property: 'total',
      had: { type: 'string' },
      migration: { request: 'totalToNext', response: 'totalToPrevious' },
    });
    const migrations = await loadMigrations(FIXTURES, withMigration);
    expect(migrations.get('totalToPrevious')!(1250)).toBe('12.50');
    expect(migrations.get('totalToNext')!('12.50')).toBe(1250);

    const missing = record('2099-01-01', {
      contract: 'openapi',
      schema: 'Order',
      property: 'total',
      had: { type: 'string' },
      migration: { response: 'nowhere' },
    });
    await expect(loadMigrations(FIXTURES, missing)).rejects.toThrow(
      'contracts/versions/2099-01-01.yaml, change the-change: migration nowhere is not a function exported by contracts/versions/2099-01-01.ts',
    );
  });
});
