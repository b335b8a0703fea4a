import { beforeAll, describe, expect, it } from '@jest/globals';
import { loadApiVersions, type ApiVersions } from '../../src/domain/api-versions/index.js';
import {
  payloadContract,
  type PayloadContract,
} from '../../src/domain/webhooks/endpoints/event-contract.js';
import {
  MAX_FILTER_CONDITIONS,
  MAX_IN_VALUES,
  filterMisses,
  filterProblems,
  type EndpointFilter,
} from '../../src/domain/webhooks/endpoints/filters.js';
import type { EventName } from '../../src/generated/events.generated.js';

// A webhook endpoint's content filter (payload paths to eq, in, gte, lte, exists), checked when it
// is saved against the asyncapi payload schemas of the events the endpoint selects, in the API
// version it is delivered in, and evaluated on envelopes.

let versions: ApiVersions;
let head: PayloadContract;
let first: PayloadContract;

beforeAll(async () => {
  versions = await loadApiVersions();
  head = payloadContract(versions.derived[0]!.asyncapi);
  first = payloadContract(versions.derived.find((v) => v.version === '2026-11-21')!.asyncapi);
});

const ORDERS: EventName[] = ['order.created', 'order.paid'];

describe('filterProblems: paths checked against the contract', () => {
  it('when a path is in no selected event payload, then it is refused naming the path and the events', () => {
    const problems = filterProblems({ 'data.guest_count': { gte: 4 } }, ORDERS, head);
    expect(Object.keys(problems)).toEqual(['filter.data.guest_count']);
    const [message] = problems['filter.data.guest_count']!;
    expect(message).toContain('data.guest_count');
    expect(message).toContain('order.created');
    expect(message).toContain('order.paid');
  });

  it('when a path is in one of the selected events, then it is accepted (the others never match it)', () => {
    expect(filterProblems({ 'data.party_size': { gte: 4 } }, ORDERS, head)).toEqual({});
  });

  it('when gte compares a string field, then it is refused as the wrong type naming the events', () => {
    const problems = filterProblems({ 'data.order_status': { gte: 4 } }, ['order.created'], head);
    expect(problems['filter.data.order_status']![0]).toMatch(/gte needs a number.*order\.created/);
  });

  it.each([
    ['eq a string on an integer field', { 'data.party_size': { eq: 'four' } }],
    ['in with a number on a string field', { 'data.order_status': { in: ['CREATED', 3] } }],
    ['eq a value outside the enum', { 'data.order_status': { eq: 'BURNT' } }],
    ['gte a string', { 'data.party_size': { gte: '4' } }],
    ['exists not a boolean', { 'data.party_size': { exists: 'yes' } }],
    ['eq an object', { 'data.party_size': { eq: { n: 4 } } }],
  ])('when %s, then it is refused', (_, filter) => {
    const problems = filterProblems(filter, ['order.created'], head);
    expect(Object.keys(problems)).toEqual([`filter.${Object.keys(filter)[0]}`]);
  });

  it('when the filter is valid, then it is accepted: numbers, enums, nullable fields, exists and envelope fields', () => {
    const filter: EndpointFilter = {
      'data.party_size': { gte: 4, lte: 8 },
      'data.order_status': { in: ['CREATED', 'PAID'] },
      'data.table_number': { eq: null },
      'data.total': { exists: true },
      installation_id: { eq: 7 },
    };
    expect(filterProblems(filter, ['order.created'], head)).toEqual({});
  });

  it('when a path goes through $ref, allOf and oneOf, then the schema it reaches is the one checked', () => {
    // menu.item_updated: allOf [MenuItemData, {changes}]; changes' properties are $refs.
    expect(
      filterProblems({ 'data.changes.price': { exists: true } }, ['menu.item_updated'], head),
    ).toEqual({});
    expect(
      filterProblems({ 'data.changes.is_available': { eq: 'no' } }, ['menu.item_updated'], head),
    ).toHaveProperty(['filter.data.changes.is_available']);
    // payment.succeeded: oneOf observer (transaction_id) | capture (payment_id).
    const either = { 'data.transaction_id': { exists: true }, 'data.payment_id': { gte: 1 } };
    expect(filterProblems(either, ['payment.succeeded'], head)).toEqual({});
  });

  it('when the endpoint is on an older API version, then paths are those of that version', () => {
    const renamed = { 'data.order_number': { eq: 'A-1' } };
    const old = { 'data.unique_orderid': { eq: 'A-1' } };
    expect(filterProblems(renamed, ['order.created'], head)).toEqual({});
    expect(filterProblems(old, ['order.created'], head)).toHaveProperty([
      'filter.data.unique_orderid',
    ]);
    expect(filterProblems(old, ['order.created'], first)).toEqual({});
    expect(filterProblems(renamed, ['order.created'], first)).toHaveProperty([
      'filter.data.order_number',
    ]);
  });

  it('when the filter is not an object of conditions, then it is refused naming the filter or the path', () => {
    expect(filterProblems([1], ORDERS, head)).toHaveProperty(['filter']);
    expect(filterProblems({ 'data.party_size': 4 }, ORDERS, head)).toHaveProperty([
      'filter.data.party_size',
    ]);
    expect(filterProblems({ 'data.party_size': { gt: 4 } }, ORDERS, head)).toHaveProperty([
      'filter.data.party_size',
    ]);
    expect(filterProblems({ 'data.party_size': {} }, ORDERS, head)).toHaveProperty([
      'filter.data.party_size',
    ]);
  });

  it(`when it has more than ${MAX_FILTER_CONDITIONS} conditions, then it is refused naming filter`, () => {
    const conditions = { gte: 1, lte: 9, exists: true };
    const paths = ['data.party_size', 'data.order_id', 'installation_id', 'sequence'];
    const filter = Object.fromEntries(paths.map((p) => [p, conditions]));
    expect(filterProblems(filter, ['order.created'], head)).toEqual({}); // 12 conditions
    const many = { ...filter, 'data.total': { exists: true }, id: { exists: true } };
    for (const p of ['data.order_number', 'data.table_number', 'data.created_at', 'event'])
      Object.assign(many, { [p]: { exists: true } }); // 18
    Object.assign(many, { 'data.order_status': { exists: true, in: ['PAID'], eq: 'PAID' } }); // 21
    expect(filterProblems(many, ['order.created'], head).filter![0]).toContain(
      `at most ${MAX_FILTER_CONDITIONS} conditions (got 21)`,
    );
  });

  it(`when in has more than ${MAX_IN_VALUES} values or none, then it is refused naming the path`, () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const at = (n: number) => ({ 'data.order_id': { in: values(n) } });
    expect(filterProblems(at(MAX_IN_VALUES), ORDERS, head)).toEqual({});
    expect(
      filterProblems(at(MAX_IN_VALUES + 1), ORDERS, head)['filter.data.order_id']![0],
    ).toContain(`at most ${MAX_IN_VALUES}`);
    expect(filterProblems(at(0), ORDERS, head)).toHaveProperty(['filter.data.order_id']);
  });
});

describe('filterMisses: what an envelope fails', () => {
  const envelope = {
    event: 'order.created',
    installation_id: 7,
    data: { order_id: 3, order_status: 'CREATED', party_size: 4, table_number: null },
  };
  const misses = (filter: EndpointFilter) => filterMisses(filter, envelope);

  it('when every condition holds, then nothing is missed', () => {
    expect(
      misses({
        'data.party_size': { gte: 4, lte: 4 },
        'data.order_status': { eq: 'CREATED', in: ['CREATED', 'PAID'] },
        'data.table_number': { eq: null },
        'data.order_id': { exists: true },
        'data.total': { exists: false },
        installation_id: { in: [7, 8] },
      }),
    ).toEqual([]);
  });

  it('when conditions fail, then each failure is named with the value found', () => {
    expect(misses({ 'data.party_size': { gte: 5 } })).toEqual(['data.party_size is 4, not >= 5']);
    expect(misses({ 'data.party_size': { lte: 3 } })).toEqual(['data.party_size is 4, not <= 3']);
    expect(misses({ 'data.order_status': { eq: 'PAID' } })).toEqual([
      'data.order_status is "CREATED", not "PAID"',
    ]);
    expect(misses({ 'data.order_status': { in: ['PAID', 'CANCELLED'] } })).toEqual([
      'data.order_status is "CREATED", not one of "PAID", "CANCELLED"',
    ]);
    expect(misses({ 'data.order_id': { exists: false } })).toEqual(['data.order_id exists']);
  });

  it('when the path is absent or null, then only exists: false holds', () => {
    expect(misses({ 'data.total': { gte: 1 } })).toEqual(['data.total is absent']);
    expect(misses({ 'data.total': { eq: null } })).toEqual(['data.total is absent']);
    expect(misses({ 'data.total': { exists: true } })).toEqual(['data.total is absent']);
    expect(misses({ 'data.table_number': { exists: true } })).toEqual([
      'data.table_number is null',
    ]);
    expect(misses({ 'data.table_number': { exists: false } })).toEqual([]);
  });

  it('when gte or lte meets a value that is not a number, then it fails', () => {
    expect(misses({ 'data.order_status': { gte: 1 } })).toEqual([
      'data.order_status is "CREATED", not >= 1',
    ]);
  });
});
