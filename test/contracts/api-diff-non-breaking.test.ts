import { describe, expect, it } from '@jest/globals';
import { diffCopies, pick, schemas, type Doc, type Edit } from './contract-copies.js';

// Each non-breaking kind of the API review rules on an edited copy of our contracts: exit 0 and
// an item in nonBreaking naming the place.

async function expectNonBreaking(after: Edit, id: string, location: string, category?: string) {
  const report = await diffCopies(after);
  expect(report.breaking).toEqual([]);
  expect(report.exitCode).toBe(0);
  const items = pick(report.nonBreaking, id, location);
  expect(items).toHaveLength(1);
  if (category) expect(items[0]!.category).toBe(category);
}

describe('api-diff: non-breaking changes', () => {
  it('when an optional request body property or query parameter is added, then it is not breaking', async () => {
    await expectNonBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).AcknowledgeEventsRequest.properties.note = { type: 'string' };
        },
      },
      'request-property-added',
      'POST /events/ack request body: note',
      'added',
    );
    await expectNonBreaking(
      {
        openapi: (d: Doc) => {
          d.paths['/orders'].get.parameters.push({
            name: 'channel',
            in: 'query',
            required: false,
            schema: { type: 'string' },
          });
        },
      },
      'request-parameter-added',
      'GET /orders query parameter channel',
      'added',
    );
  });

  it('when a response property is added, then it is not breaking', async () => {
    await expectNonBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).Location.properties.phone = { type: 'string', nullable: true };
        },
      },
      'response-property-added',
      'GET /locations/{locationId} response 200: data.phone',
      'added',
    );
  });

  it('when an operation is added, then it is not breaking', async () => {
    const added = {
      operationId: 'deleteCustomer',
      summary: 'Delete a customer',
      responses: { '204': { description: 'Deleted.' } },
    };
    await expectNonBreaking(
      {
        openapi: (d: Doc) => {
          d.paths['/customers/{customerId}'].delete = added;
        },
      },
      'operation-added',
      'DELETE /customers/{customerId}',
      'added',
    );
  });

  it('when a webhook event or a payload property is added, then it is not breaking', async () => {
    const addEvent = (d: Doc) => {
      d.components.messages.TrialEnded = {
        ...d.components.messages.TrialEnding,
        name: 'trial.ended',
      };
      d.operations.sendTrialEnded = {
        ...d.operations.sendTrialEnding,
        messages: [{ $ref: '#/components/messages/TrialEnded' }],
      };
    };
    await expectNonBreaking({ asyncapi: addEvent }, 'event-added', 'event trial.ended', 'added');
    await expectNonBreaking(
      {
        asyncapi: (d: Doc) => {
          schemas(d).OrderCreatedData.properties.channel = { type: 'string' };
        },
      },
      'payload-property-added',
      'event order.created payload: data.channel',
      'added',
    );
  });

  it('when a nullable GraphQL field is added, then it is not breaking', async () => {
    await expectNonBreaking(
      {
        graphql: (s) =>
          s.replace('type Query {', 'type Query {\n  "Server time."\n  serverTime: String'),
      },
      'field-added',
      'Query.serverTime',
      'added',
    );
  });

  it('when a request constraint is relaxed, then it is not breaking', async () => {
    await expectNonBreaking(
      {
        openapi: (d: Doc) => {
          schemas(d).CreateOrderRequest.properties.table_number.maxLength = 64;
        },
      },
      'request-constraint-relaxed',
      'POST /orders request body: table_number',
      'changed',
    );
  });
});

describe('api-diff: deprecations', () => {
  it('when an operation, a parameter or a property is deprecated, then each is reported as a deprecation, not breaking', async () => {
    const report = await diffCopies({
      openapi: (d: Doc) => {
        Object.assign(d.paths['/customers'].get, {
          deprecated: true,
          'x-deprecated-at': '2026-11-26',
          'x-sunset': '2027-06-30',
        });
        d.paths['/orders'].get.parameters.find((p: Doc) => p.name === 'status').deprecated = true;
        schemas(d).Location.properties.timezone.deprecated = true;
      },
    });
    expect(report.exitCode).toBe(0);
    const deprecations = report.nonBreaking
      .filter((i) => i.category === 'deprecated')
      .map((i) => [i.id, i.location]);
    expect(deprecations).toEqual(
      expect.arrayContaining([
        ['operation-deprecated', 'GET /customers'],
        ['request-parameter-deprecated', 'GET /orders query parameter status'],
        ['response-property-deprecated', 'GET /locations response 200: data[].timezone'],
      ]),
    );
  });

  it('when an SDL field gets @deprecated, then it is reported as a deprecation, not breaking', async () => {
    await expectNonBreaking(
      {
        graphql: (s) =>
          s.replace(
            /^(\s+webhookHealth\(pluginId: ID!\): \[InstallationWebhookHealth!\]!)$/m,
            '$1 @deprecated(reason: "Use webhookLogs.")',
          ),
      },
      'field-deprecation-added',
      'Query.webhookHealth',
      'deprecated',
    );
  });
});
