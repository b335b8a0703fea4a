import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createProjectAndPlugin,
  gql,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';
import { isHotDocument } from '../../src/portal/jit.js';

// The hot documents (webhookLogs, apiRequests) run compiled by graphql-jit (src/portal/jit.ts).
// Each case sends a hot document and its twin, the same document with `me { id }` added at the
// end of its root selection (which keeps it on yoga's own executor): the answers must be the same
// byte for byte but for `me`: data, nulls, field order, errors with their messages, locations,
// paths and extensions codes.

let t: TestContext;
let dev: PortalDeveloper;
let other: PortalDeveloper;
let box: PortalSandbox;
let theirs: PortalSandbox;

beforeAll(async () => {
  // Each case is two requests: room for all of them in the session's minute.
  t = await createTestContext({ SVC_PORTAL_SESSION_REQUESTS_PER_MINUTE: '1000' });
  dev = await signUpDeveloper(t.app);
  other = await signUpDeveloper(t.app, 'Other Developer');
  box = await provisionPortalSandbox(
    t.app,
    dev.token,
    (await createProjectAndPlugin(t.app, dev.token)).pluginId,
  );
  theirs = await provisionPortalSandbox(
    t.app,
    other.token,
    (await createProjectAndPlugin(t.app, other.token)).pluginId,
  );
  const installation_id = Number(box.installationId);
  await t.db
    .insertInto('control.webhook_logs')
    .values([
      {
        installation_id,
        direction: 'outbound',
        event_type: 'order.created',
        status: 'delivered',
        attempts: 1,
        http_status: 200,
        duration_ms: 12,
        payload: JSON.stringify({ event: 'order.created', n: 1 }),
      },
      {
        installation_id,
        direction: 'inbound',
        event_type: 'external.delivery.status',
        status: 'received',
        attempts: 0,
        payload: JSON.stringify({ status: 'picked_up' }),
      },
      {
        installation_id,
        direction: 'outbound',
        event_type: 'order.paid',
        status: 'failed',
        attempts: 3,
        http_status: 500,
        error_message: 'HTTP 500',
        payload: JSON.stringify({ event: 'order.paid' }),
      },
    ])
    .execute();
  await t.db
    .insertInto('control.api_requests')
    .values(
      [200, 404, 201].map((status, i) => ({
        installation_id,
        created_at: new Date(Date.now() - (i + 1) * 60_000),
        method: status === 201 ? 'POST' : 'GET',
        path: `/api/plugin/v1/orders/${i}`,
        operation_id: status === 404 ? null : status === 201 ? 'createOrder' : 'getOrder',
        status,
        error_code: status === 404 ? 'not_found' : null,
        duration_ms: 1.5 + i,
        request_id: crypto.randomUUID(),
        client_ip: '127.0.0.1',
        request_body: status === 201 ? JSON.stringify({ items: [] }) : null,
        response_body: status === 201 ? JSON.stringify({ order_id: 1 }) : null,
      })),
    )
    .execute();
});
afterAll(() => t.close());

const LOG_FIELDS =
  'id installationId direction eventType eventId status signatureValid idempotencyKey httpStatus errorMessage attempts durationMs payload sequence redeliveryOf replayId webhookEndpointId createdAt updatedAt request { body headers { name value } } deliveryAttempts { attempt status httpStatus } __typename';
const REQUEST_FIELDS =
  'id installationId createdAt method path operationId status errorCode durationMs requestId idempotencyKey clientIp requestBody responseBody __typename';

const logs = (args = 'installationId: $i', fields = LOG_FIELDS) =>
  `webhookLogs(${args}) { nodes { ${fields} } pageInfo { hasNextPage endCursor } __typename }`;
const requests = (args = 'installationId: $i', fields = REQUEST_FIELDS) =>
  `apiRequests(${args}) { nodes { ${fields} } pageInfo { hasNextPage endCursor } }`;

interface Case {
  name: string;
  /** The operation's head (`query Name($i: ID!)`) and its root selections. */
  head: string;
  root: string;
  variables?: (ids: { mine: string; theirs: string }) => Record<string, unknown>;
  fragments?: string;
}

const CASES: Case[] = [
  {
    name: 'a webhook log page, every field',
    head: 'query Logs($i: ID!)',
    root: logs(),
    variables: (ids) => ({ i: ids.mine }),
  },
  {
    name: 'a webhook log page of 2, then the next',
    head: 'query Logs($i: ID!, $first: Int, $after: String)',
    root: logs('installationId: $i, first: $first, after: $after'),
    variables: (ids) => ({ i: ids.mine, first: 2, after: null }),
  },
  {
    name: 'aliases and fragments',
    head: 'query Logs($i: ID!)',
    root: `a: ${logs('installationId: $i, first: 1', '...Entry')} b: webhookLogs(installationId: $i) { ... on WebhookLogConnection { nodes { ... on WebhookLog { id status } } pageInfo { endCursor } } }`,
    fragments: 'fragment Entry on WebhookLog { id kind: direction attempts errorMessage }',
    variables: (ids) => ({ i: ids.mine }),
  },
  {
    name: 'a field selected twice',
    head: 'query Logs($i: ID!)',
    root: 'webhookLogs(installationId: $i) { nodes { id status } pageInfo { endCursor } nodes { eventType id } }',
    variables: (ids) => ({ i: ids.mine }),
  },
  {
    name: 'two pages that both fail',
    head: 'query Logs($i: ID!, $j: ID!)',
    root: `a: ${logs('installationId: $i', 'id')} b: ${logs('installationId: $j', 'id')}`,
    variables: (ids) => ({ i: ids.theirs, j: 'abc' }),
  },
  {
    name: 'an installation of another developer',
    head: 'query Logs($i: ID!)',
    root: logs(),
    variables: (ids) => ({ i: ids.theirs }),
  },
  {
    name: 'an id that names no row',
    head: 'query Logs($i: ID!)',
    root: logs(),
    variables: () => ({ i: 'abc' }),
  },
  {
    name: 'a page size over the limit in a variable',
    head: 'query Logs($i: ID!, $first: Int)',
    root: logs('installationId: $i, first: $first'),
    variables: (ids) => ({ i: ids.mine, first: 101 }),
  },
  {
    name: 'a cursor that is not one',
    head: 'query Logs($i: ID!)',
    root: logs('installationId: $i, after: "nope"'),
    variables: (ids) => ({ i: ids.mine }),
  },
  {
    name: 'a required variable missing',
    head: 'query Logs($i: ID!)',
    root: logs(),
    variables: () => ({}),
  },
  {
    name: 'a variable of the wrong type',
    head: 'query Logs($i: ID!, $first: Int)',
    root: logs('installationId: $i, first: $first'),
    variables: (ids) => ({ i: ids.mine, first: 'two' }),
  },
  {
    name: 'an API request page, every field',
    head: 'query Requests($i: ID!)',
    root: requests(),
    variables: (ids) => ({ i: ids.mine }),
  },
  {
    name: 'API requests filtered by status, operation and time',
    head: 'query Requests($i: ID!, $status: Int, $op: String, $since: DateTime)',
    root: requests('installationId: $i, status: $status, operationId: $op, since: $since'),
    variables: (ids) => ({
      i: ids.mine,
      status: 200,
      op: 'getOrder',
      since: new Date(Date.now() - 3_600_000).toISOString(),
    }),
  },
  {
    name: 'the dashboard’s page of API requests (a fragment)',
    head: 'query ApiRequests($installationId: ID!, $first: Int, $after: String, $status: Int, $operationId: String, $since: DateTime)',
    root: 'apiRequests(installationId: $installationId, first: $first, after: $after, status: $status, operationId: $operationId, since: $since) { nodes { ...ApiRequestRow } pageInfo { hasNextPage endCursor } }',
    fragments:
      'fragment ApiRequestRow on ApiRequest { id installationId createdAt method path operationId status errorCode durationMs requestId }',
    variables: (ids) => ({ installationId: ids.mine, first: 2 }),
  },
  {
    name: 'API requests of another developer (a non-null field fails)',
    head: 'query Requests($i: ID!)',
    root: requests(),
    variables: (ids) => ({ i: ids.theirs }),
  },
  {
    name: 'a time that is not one',
    head: 'query Requests($i: ID!, $since: DateTime)',
    root: requests('installationId: $i, since: $since'),
    variables: (ids) => ({ i: ids.mine, since: 'yesterday' }),
  },
  {
    name: 'a status past a 32-bit integer',
    head: 'query Requests($i: ID!, $status: Int)',
    root: requests('installationId: $i, status: $status'),
    variables: (ids) => ({ i: ids.mine, status: 3_000_000_000 }),
  },
  {
    name: 'an explicit null for a defaulted page size',
    head: 'query Requests($i: ID!, $first: Int)',
    root: requests('installationId: $i, first: $first'),
    variables: (ids) => ({ i: ids.mine, first: null }),
  },
  {
    name: 'both pages in one document',
    head: 'query Both($i: ID!)',
    root: `${logs('installationId: $i', 'id status')} ${requests('installationId: $i', 'id status')}`,
    variables: (ids) => ({ i: ids.mine }),
  },
];

const documentOf = (c: Case, twin: boolean) =>
  `${c.head} { ${c.root}${twin ? ' me { id }' : ''} }${c.fragments ? `\n${c.fragments}` : ''}`;

describe('hot documents under graphql-jit', () => {
  it('when a document selects only the hot pages, then it is compiled; otherwise not', () => {
    for (const c of CASES) {
      expect(isHotDocument(parse(documentOf(c, false)), undefined)).toBe(true);
      expect(isHotDocument(parse(documentOf(c, true)), undefined)).toBe(false);
    }
    const notHot = [
      'mutation { logOut { ok } }',
      'subscription($s: ID!) { webhookStream(sandboxId: $s) { id } }',
      'query($i: ID!) { __typename webhookLogs(installationId: $i) { nodes { id } } }',
      'query($i: ID!) { ...F } fragment F on Query { webhookLogs(installationId: $i) { nodes { id } } }',
      'query($i: ID!, $y: Boolean!) { webhookLogs(installationId: $i) @include(if: $y) { nodes { id } } }',
      'query($i: ID!, $y: Boolean!) { webhookLogs(installationId: $i) { nodes { id } pageInfo @skip(if: $y) { endCursor } } }',
      'query($i: ID!) { webhookLogs(installationId: $i) { ... on WebhookLogConnection { nodes { id } } pageInfo { endCursor } } }',
      'query($i: ID!) { webhookLogs(installationId: $i) { nodes { status ...E } } } fragment E on WebhookLog { id }',
    ];
    for (const source of notHot) expect(isHotDocument(parse(source), undefined)).toBe(false);
  });

  it.each(CASES)('when $name, then the answer is the one of yoga’s executor', async (c) => {
    const variables = c.variables?.({ mine: box.installationId, theirs: theirs.installationId });
    const hot = await gql(t.app, dev.token, documentOf(c, false), variables);
    const twin = await gql(t.app, dev.token, documentOf(c, true), variables);
    expect(hot.status).toBe(twin.status);
    const body = twin.body as { data?: Record<string, unknown> | null };
    if (body.data) delete body.data.me;
    expect(hot.text).toBe(JSON.stringify(body));
  });
});
