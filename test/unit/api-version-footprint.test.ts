import { describe, expect, it } from '@jest/globals';
import {
  changeFootprints,
  deriveVersions,
  parseRecord,
} from '../../src/domain/api-versions/index.js';

// What each change of a record meets on the wire: operations (request body fields, parameters,
// responses) and events whose schemas reference the changed place, following $refs.

const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: ref } } } });

const openapi = () => ({
  openapi: '3.0.3',
  info: { title: 'small', version: '1' },
  paths: {
    '/orders': {
      get: {
        operationId: 'listOrders',
        parameters: [{ $ref: '#/components/parameters/Status' }],
        responses: { '200': { description: 'ok', ...json('#/components/schemas/OrderList') } },
      },
    },
    '/orders/{orderId}': {
      parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getOrder',
        responses: {
          '200': { description: 'ok', ...json('#/components/schemas/Order') },
          '404': { description: 'no', ...json('#/components/schemas/Error') },
        },
      },
    },
    '/menu/items': {
      post: {
        operationId: 'createMenuItem',
        requestBody: json('#/components/schemas/CreateMenuItemRequest'),
        responses: { '201': { description: 'ok', ...json('#/components/schemas/MenuItem') } },
      },
    },
    '/menu/combos': {
      post: {
        operationId: 'createCombo',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  items: { type: 'array', items: { $ref: '#/components/schemas/MenuItemInput' } },
                },
              },
            },
          },
        },
        responses: { '204': { description: 'ok' } },
      },
    },
    '/health': {
      get: { operationId: 'getHealth', responses: { '200': { description: 'ok' } } },
    },
  },
  components: {
    parameters: {
      Status: { name: 'status', in: 'query', schema: { $ref: '#/components/schemas/Status' } },
    },
    schemas: {
      Status: { type: 'string', enum: ['open', 'paid', 'void'] },
      Error: { type: 'object', properties: { message: { type: 'string' } } },
      Order: {
        type: 'object',
        properties: {
          order_number: { type: 'string' },
          status: { $ref: '#/components/schemas/Status' },
          parent: { $ref: '#/components/schemas/Order' },
        },
      },
      OrderList: {
        type: 'object',
        properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Order' } } },
      },
      MenuItemInput: { type: 'object', properties: { price: { type: 'string' } } },
      CreateMenuItemRequest: { allOf: [{ $ref: '#/components/schemas/MenuItemInput' }] },
      MenuItem: { type: 'object', properties: { price: { type: 'string' } } },
    },
  },
});

const asyncapi = () => ({
  asyncapi: '3.0.0',
  info: { title: 'small', version: '1' },
  channels: {
    endpoint: {
      messages: {
        OrderCreated: { $ref: '#/components/messages/OrderCreated' },
        MenuItemCreated: { $ref: '#/components/messages/MenuItemCreated' },
      },
    },
  },
  operations: {},
  components: {
    messages: {
      OrderCreated: {
        name: 'order.created',
        payload: { $ref: '#/components/schemas/OrderCreatedEnvelope' },
      },
      MenuItemCreated: { name: 'menu.item_created', payload: { type: 'object' } },
    },
    schemas: {
      OrderCreatedEnvelope: {
        type: 'object',
        properties: { data: { $ref: '#/components/schemas/OrderCreatedData' } },
      },
      OrderCreatedData: { type: 'object', properties: { order_number: { type: 'string' } } },
    },
  },
});

const RECORD = `
version: 2099-01-01
title: A fixture
changes:
  - id: decimal-price
    description: price is a string.
    upgrade: Send a string.
    instructions:
      - contract: openapi
        schema: MenuItemInput
        property: price
        had: { type: number }
  - id: order-number
    description: unique_orderid is order_number.
    upgrade: Read order_number.
    instructions:
      - contract: openapi
        schema: Order
        property: order_number
        renamed_from: unique_orderid
      - contract: asyncapi
        schema: OrderCreatedData
        property: order_number
        renamed_from: unique_orderid
  - id: status-void
    description: void is new.
    upgrade: Expect void.
    instructions:
      - contract: openapi
        schema: Status
        enum_added: [void]
  - id: error-and-health
    description: errors and health.
    upgrade: Nothing.
    instructions:
      - contract: openapi
        schema: Error
        property: message
        didnt_exist: true
      - contract: openapi
        operation: getHealth
        didnt_exist: true
      - contract: asyncapi
        event: menu.item_created
        didnt_exist: true
`;

function footprints() {
  const record = parseRecord(RECORD, '2099-01-01');
  const versions = deriveVersions({ openapi: openapi(), asyncapi: asyncapi() }, [record]);
  return Object.fromEntries(changeFootprints([record], versions).map((f) => [f.id, f]));
}

describe('changeFootprints', () => {
  it('when a request property changes, then each operation whose body reaches it, with its path through allOf and arrays', () => {
    const { 'decimal-price': change } = footprints();
    expect(change).toMatchObject({ version: '2099-01-01', upgrade: 'Send a string.', events: [] });
    expect(change!.operations).toEqual([
      {
        operationId: 'createMenuItem',
        bodyPaths: [['price']],
        queryParameters: [],
        anyCall: false,
        ok: false,
        failed: false,
        fields: ['price'],
      },
      {
        operationId: 'createCombo',
        bodyPaths: [['items', '[]', 'price']],
        queryParameters: [],
        anyCall: false,
        ok: false,
        failed: false,
        fields: ['items[].price'],
      },
    ]);
  });

  it('when a response property is renamed, then every operation answering it (through arrays and a recursive $ref) and every event carrying it, under the old name', () => {
    const { 'order-number': change } = footprints();
    expect(change!.operations.map((o) => [o.operationId, o.ok, o.anyCall, o.fields])).toEqual([
      ['listOrders', true, false, ['response: data[].unique_orderid (now order_number)']],
      ['getOrder', true, false, ['response: unique_orderid (now order_number)']],
    ]);
    expect(change!.events).toEqual([
      { event: 'order.created', fields: ['data.unique_orderid (now order_number)'] },
    ]);
  });

  it('when a schema used by a query parameter and by responses changes, then the parameter by name and the responses', () => {
    const { 'status-void': change } = footprints();
    const list = change!.operations.find((o) => o.operationId === 'listOrders');
    expect(list).toMatchObject({ queryParameters: ['status'], ok: true });
    expect(list!.fields).toEqual(['query parameter status', 'response: data[].status']);
    expect(change!.operations.find((o) => o.operationId === 'getOrder')!.fields).toEqual([
      'response: status',
    ]);
  });

  it('when an error schema, an operation and an event change, then error answers, every call and the event', () => {
    const { 'error-and-health': change } = footprints();
    expect(change!.operations.map((o) => [o.operationId, o.failed, o.ok, o.anyCall])).toEqual([
      ['getOrder', true, false, false],
      ['getHealth', false, false, true],
    ]);
    expect(change!.events).toEqual([{ event: 'menu.item_created', fields: [] }]);
  });
});
