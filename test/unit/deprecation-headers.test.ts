import { describe, expect, it } from '@jest/globals';
import { deprecationHeaders } from '../../src/api/deprecation.js';

describe('deprecation headers of the Data API', () => {
  it('when an operation is deprecated with x-deprecated-at and x-sunset, then it gets Deprecation (RFC 9745), Sunset and a Link to the changelog', () => {
    const headers = deprecationHeaders(
      [
        {
          operationId: 'listCustomers',
          deprecated: true,
          'x-deprecated-at': '2026-11-26',
          'x-sunset': new Date('2027-06-30T00:00:00Z'),
        },
        { operationId: 'getOrder' },
      ],
      'https://plugins.example.com',
    );
    expect(headers.get('listCustomers')).toEqual({
      Deprecation: `@${Date.UTC(2026, 10, 26) / 1000}`,
      Sunset: 'Wed, 30 Jun 2027 00:00:00 GMT',
      Link: '<https://plugins.example.com/docs/changelog>; rel="deprecation"; type="text/html"',
    });
    expect(headers.has('getOrder')).toBe(false);
  });

  it('when a deprecated operation has no sunset, then it has no Sunset header; without x-deprecated-at, then the API refuses to start', () => {
    expect(
      deprecationHeaders(
        [{ operationId: 'listCustomers', deprecated: true, 'x-deprecated-at': '2026-11-26' }],
        'http://x',
      ).get('listCustomers'),
    ).not.toHaveProperty('Sunset');
    expect(() =>
      deprecationHeaders([{ operationId: 'listCustomers', deprecated: true }], 'http://x'),
    ).toThrow('x-deprecated-at');
  });
});
