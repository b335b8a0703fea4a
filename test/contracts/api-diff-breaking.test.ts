import { describe, expect, it } from '@jest/globals';
import { parse as parseSdl, print, visit } from 'graphql';
import { diffCopies, pick, schemas, signatureParameter, type Doc } from './contract-copies.js';

// Each breaking kind of the API review rules (README, "API review") on an edited copy of our
// contracts: exit 1 (a breaking item) naming the place and the rule.

const removeField = (typeName: string, field: string) => (sdl: string) =>
  print(
    visit(parseSdl(sdl), {
      ObjectTypeDefinition: (node) =>
        node.name.value === typeName
          ? { ...node, fields: node.fields?.filter((f) => f.name.value !== field) }
          : undefined,
    }),
  );

async function expectBreaking(
  after: Parameters<typeof diffCopies>[0],
  id: string,
  location: string,
  before = {},
) {
  const report = await diffCopies(after, before);
  expect(report.exitCode).toBe(1);
  expect(pick(report.breaking, id, location)).toHaveLength(1);
  return report;
}

describe('api-diff: breaking changes', () => {
  it('when a response property is removed, then it is breaking at each operation returning it', async () => {
    const report = await expectBreaking(
      {
        openapi: (d: Doc) => {
          delete schemas(d).Location.properties.timezone;
          schemas(d).Location.required = schemas(d).Location.required.filter(
            (n: string) => n !== 'timezone',
          );
        },
      },
      'response-property-removed',
      'GET /locations response 200: data[].timezone',
    );
    expect(
      pick(
        report.breaking,
        'response-property-removed',
        'GET /locations/{locationId} response 200: data.timezone',
      ),
    ).toHaveLength(1);
  });

  it('when a response property is renamed, then the old name is reported removed and the new one added', async () => {
    const rename = (d: Doc) => {
      const location = schemas(d).Location;
      location.properties.time_zone = location.properties.timezone;
      delete location.properties.timezone;
      location.required = location.required.map((n: string) =>
        n === 'timezone' ? 'time_zone' : n,
      );
    };
    const report = await expectBreaking(
      { openapi: rename },
      'response-property-removed',
      'GET /locations response 200: data[].timezone',
    );
    expect(
      pick(
        report.nonBreaking,
        'response-property-added',
        'GET /locations response 200: data[].time_zone',
      ),
    ).toHaveLength(1);
  });

  it('when a required response property is made optional, then it is breaking', async () => {
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).Location.required = schemas(d).Location.required.filter(
            (n: string) => n !== 'currency',
          );
        },
      },
      'response-property-made-optional',
      'GET /locations response 200: data[].currency',
    );
  });

  it("when a response property's type changes, then it is breaking", async () => {
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).Location.properties.location_id.type = 'string';
        },
      },
      'response-type-changed',
      'GET /locations/{locationId} response 200: data.location_id',
    );
  });

  it("when a response property's type is narrowed (number to integer), then it is breaking", async () => {
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).Location.properties.location_id.type = 'integer';
        },
      },
      'response-type-changed',
      'GET /locations/{locationId} response 200: data.location_id',
      {
        openapi: (d: Doc) => {
          schemas(d).Location.properties.location_id.type = 'number';
        },
      },
    );
  });

  it('when a webhook payload property is removed or made optional, then it is breaking for that event', async () => {
    const report = await expectBreaking(
      {
        asyncapi: (d: Doc) => {
          delete schemas(d).OrderCreatedData.properties.table_number;
          schemas(d).OrderCreatedData.required = ['order_id', 'unique_orderid', 'order_status'];
        },
      },
      'payload-property-removed',
      'event order.created payload: data.table_number',
    );
    const optional = await diffCopies({
      asyncapi: (d: Doc) => {
        schemas(d).OrderCreatedData.required = ['order_id', 'unique_orderid', 'table_number'];
      },
    });
    expect(
      pick(
        optional.breaking,
        'payload-property-made-optional',
        'event order.created payload: data.order_status',
      ),
    ).toHaveLength(1);
    expect(report.breaking.every((i) => i.contract === 'asyncapi')).toBe(true);
  });

  it('when an enum value is removed from a response or a payload, then it is breaking', async () => {
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).StockMovementReason.enum = schemas(d).StockMovementReason.enum.filter(
            (v: string) => v !== 'count',
          );
        },
      },
      'response-enum-value-removed',
      'GET /inventory/{ingredientId} response 200: data.movements[].reason',
    );
    await expectBreaking(
      {
        asyncapi: (d: Doc) => {
          schemas(d).OrderStatus.enum = schemas(d).OrderStatus.enum.filter(
            (v: string) => v !== 'PENDING',
          );
        },
      },
      'payload-enum-value-removed',
      'event order.created payload: data.order_status',
    );
  });

  it('when a request enum gains a value it then requires (the old one replaced, or the field made required), then it is breaking', async () => {
    const orderType = (d: Doc) => schemas(d).CreateOrderRequest.properties.order_type;
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          orderType(d).enum = ['dine_in', 'takeaway', 'delivery_v2'];
        },
      },
      'request-constraint-tightened',
      'POST /orders request body: order_type',
    );
    const report = await expectBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).CreateOrderRequest.properties.table_number.enum = ['12', 'bar'];
        },
      },
      'request-constraint-tightened',
      'POST /orders request body: table_number',
    );
    expect(report.breaking.map((i) => i.message).join()).toMatch(/enum/);
  });

  it('when a required request parameter is added, or a parameter made required, then it is breaking', async () => {
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          d.paths['/orders'].get.parameters.push({
            name: 'channel',
            in: 'query',
            required: true,
            schema: { type: 'string' },
          });
        },
      },
      'request-parameter-added-required',
      'GET /orders query parameter channel',
    );
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          d.paths['/orders'].get.parameters.find((p: Doc) => p.name === 'status').required = true;
        },
      },
      'request-parameter-made-required',
      'GET /orders query parameter status',
    );
  });

  it('when a request body property is added as required, or made required, then it is breaking', async () => {
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).AcknowledgeEventsRequest.properties.note = { type: 'string' };
          schemas(d).AcknowledgeEventsRequest.required.push('note');
        },
      },
      'request-property-added-required',
      'POST /events/ack request body: note',
    );
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).CreateOrderRequest.required.push('party_size');
        },
      },
      'request-property-made-required',
      'POST /orders request body: party_size',
    );
  });

  it.each([
    [
      'maxLength',
      (d: Doc) => {
        schemas(d).CreateOrderRequest.properties.table_number.maxLength = 16;
      },
      'POST /orders request body: table_number',
    ],
    [
      'maximum',
      (d: Doc) => {
        schemas(d).CreateOrderRequest.properties.party_size.maximum = 99;
      },
      'POST /orders request body: party_size',
    ],
    [
      'pattern',
      (d: Doc) => {
        schemas(d).CreateOrderRequest.properties.table_number.pattern = '^[0-9]+$';
      },
      'POST /orders request body: table_number',
    ],
    [
      'enum',
      (d: Doc) => {
        schemas(d).CreateOrderRequest.properties.order_type.enum = ['dine_in', 'takeaway'];
      },
      'POST /orders request body: order_type',
    ],
  ])('when a request %s is tightened, then it is breaking', async (keyword, edit, location) => {
    const report = await expectBreaking(
      { openapi: edit },
      'request-constraint-tightened',
      location,
    );
    expect(pick(report.breaking, 'request-constraint-tightened', location)[0]!.message).toContain(
      keyword,
    );
  });

  it('when an operation, a whole path, a status code with a body or a response header is removed, then it is breaking', async () => {
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          delete d.paths['/customers/{customerId}'].get;
        },
      },
      'operation-removed',
      'GET /customers/{customerId}',
    );
    const path = await expectBreaking(
      {
        openapi: (d: Doc) => {
          delete d.paths['/menu/{itemId}'];
        },
      },
      'operation-removed',
      'GET /menu/{itemId}',
    );
    expect(pick(path.breaking, 'operation-removed', 'PATCH /menu/{itemId}')).toHaveLength(1);
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          delete d.paths['/orders/{orderId}'].get.responses['404'];
        },
      },
      'response-status-removed',
      'GET /orders/{orderId} response 404',
    );
    await expectBreaking(
      {
        openapi: (d: Doc) => {
          delete d.paths['/orders'].get.responses['200'].headers['X-RateLimit-Remaining'];
        },
      },
      'response-header-removed',
      'GET /orders response 200 header X-RateLimit-Remaining',
    );
  });

  it('when a webhook event or one of its headers is removed, then it is breaking', async () => {
    await expectBreaking(
      {
        asyncapi: (d: Doc) => {
          delete d.operations.sendTrialEnding;
        },
      },
      'event-removed',
      'event trial.ending',
    );
    await expectBreaking(
      {
        asyncapi: (d: Doc) => {
          delete schemas(d).OutboundWebhookHeaders.properties['X-Svc-Attempt'];
        },
      },
      'header-removed',
      'event order.paid header X-Svc-Attempt',
    );
  });

  it('when a GraphQL field or argument is removed, or a non-null argument without default is added, then it is breaking', async () => {
    await expectBreaking(
      { graphql: removeField('Query', 'webhookHealth') },
      'field-removed',
      'Query.webhookHealth',
    );
    await expectBreaking(
      {
        graphql: (s) =>
          s.replace(
            'webhookLogs(installationId: ID!, first: Int = 20, after: String, endpointId: ID)',
            'webhookLogs(installationId: ID!, first: Int = 20, endpointId: ID)',
          ),
      },
      'field-argument-removed',
      'Query.webhookLogs.after',
    );
    await expectBreaking(
      {
        graphql: (s) =>
          s.replace(
            'webhookLogs(installationId: ID!,',
            'webhookLogs(installationId: ID!, channel: String!,',
          ),
      },
      'field-argument-added',
      'Query.webhookLogs.channel',
    );
  });
});

describe('api-diff: the upper-case hex regression, replayed', () => {
  const inbound = (pattern: string) => ({
    openapi: (d: Doc) => {
      signatureParameter(d).schema.pattern = pattern;
    },
    asyncapi: (d: Doc) => {
      schemas(d).ExternalWebhookHeaders.properties['X-Svc-Signature'].pattern = pattern;
    },
  });

  it("when X-Svc-Signature's pattern narrows from ^[0-9a-fA-F]{64}$ to ^[0-9a-f]{64}$, then it is a breaking request constraint tightened in both contracts", async () => {
    const report = await diffCopies(inbound('^[0-9a-f]{64}$'), inbound('^[0-9a-fA-F]{64}$'));
    expect(report.exitCode).toBe(1);
    expect(
      pick(
        report.breaking,
        'request-constraint-tightened',
        'POST /webhooks/external header parameter X-Svc-Signature',
      ),
    ).toEqual([
      expect.objectContaining({
        contract: 'openapi',
        message: 'pattern "^[0-9a-fA-F]{64}$" -> "^[0-9a-f]{64}$"',
      }),
    ]);
    expect(
      pick(
        report.breaking,
        'request-constraint-tightened',
        'inbound message external_webhook header X-Svc-Signature',
      ),
    ).toHaveLength(1);
  });

  it('when the pattern is widened back to accept upper case, then it is not breaking (a request constraint relaxed)', async () => {
    const report = await diffCopies(inbound('^[0-9a-fA-F]{64}$'), inbound('^[0-9a-f]{64}$'));
    expect(report.exitCode).toBe(0);
    expect(
      pick(
        report.nonBreaking,
        'request-constraint-relaxed',
        'POST /webhooks/external header parameter X-Svc-Signature',
      ),
    ).toHaveLength(1);
  });
});
