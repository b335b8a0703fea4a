import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { checkRuns, fellBy, ratiosOf } from '../../bench/check-ratios.js';

// `make bench-check`: the newest run of bench/results/runs/ against the runs of record in
// bench/results/, each ratio against the newest run of record that has it; a fall of more than
// 10% is named. The fixtures: two runs of record (the newer without the list), a chaos run (not a
// bench run), and two runs, the newest of which fell 12.5% on the list and 20% on the deliveries.

const results = path.join(import.meta.dirname, 'fixtures', 'bench-check', 'results');

describe('bench-check', () => {
  it('compares the newest run with the newest run of record that has each ratio, and names the falls over 10%', () => {
    const check = checkRuns(results, path.join(results, 'runs'));
    expect(check.newest).toBe('2026-01-04T00-00-00-000Z.json');
    const byName = new Map(check.compared.map((c) => [c.name, c]));
    expect(byName.get('GET /orders/{orderId}: service / floor')).toMatchObject({
      record: 0.72,
      recordFile: '2026-01-02T00-00-00-000Z.json',
      newest: 0.7,
    });
    expect(byName.get('GET /orders?limit=50: service / floor')).toMatchObject({
      record: 0.8,
      recordFile: '2026-01-01T00-00-00-000Z.json',
    });
    expect(check.regressions.map((r) => r.name).sort()).toEqual([
      'GET /orders?limit=50: service / floor',
      'deliveries: burst / floor',
    ]);
    // No run of record has the rate-limited floor yet: shown, not compared.
    expect(check.unrecorded).toContain('GET /orders/{orderId}: service / floor, rate-limited');
  });

  it('reads every ratio a run reports: per scenario against each floor, and the deliveries', () => {
    const ratios = ratiosOf({
      http: [
        run('GET /orders/{orderId}', 'service', 700),
        run('GET /orders/{orderId}', 'floor', 1000),
        run('GET /orders/{orderId}', 'floor, rate-limited', 875),
      ],
      webhooks: { floor: { ratioOfBurst: 0.25 }, recordedFloor: { ratioOfBurst: 0.61 } },
    });
    expect(Object.fromEntries(ratios)).toEqual({
      'GET /orders/{orderId}: service / floor': 0.7,
      'GET /orders/{orderId}: service / floor, rate-limited': 0.8,
      'deliveries: burst / floor': 0.25,
      'deliveries: burst / recorded floor': 0.61,
    });
  });

  it("reads the extra endpoints' ratios, and names a cost per delivery that rose as a fall", () => {
    const endpoints = (orderingKeyed: number) => ({
      webhooks: {
        endpoints: {
          variants: { 'ordering order': { orderingKeyed } },
          costPerDelivery: { median: 1.1 },
          ordering: { median: 0.9 },
        },
      },
    });
    expect(Object.fromEntries(ratiosOf(endpoints(9000)))).toEqual({
      'deliveries: cost per delivery, 3 endpoints / 1 endpoint': 1.1,
      'deliveries: ordering on / off': 0.9,
    });
    // No delivery ordered (a service without ordering): nothing to compare.
    expect(Object.fromEntries(ratiosOf(endpoints(0)))).toEqual({
      'deliveries: cost per delivery, 3 endpoints / 1 endpoint': 1.1,
    });
    // A cost is better lower: from 1.0 to 1.15 is 15% worse; to 0.9, 10% better.
    expect(fellBy('deliveries: cost per delivery, 3 endpoints / 1 endpoint', 1, 1.15)).toBe(0.15);
    expect(fellBy('deliveries: cost per delivery, 3 endpoints / 1 endpoint', 1, 0.9)).toBe(-0.1);
    expect(fellBy('deliveries: ordering on / off', 1, 0.85)).toBe(0.15);
  });
});

function run(scenario: string, target: string, requestsPerSecond: number) {
  return {
    scenario,
    target,
    round: 1,
    requestsPerSecond,
    p50Ms: 1,
    p99Ms: 2,
    non2xx: 0,
    errors: 0,
    cpuPercent: 50,
    peakRssMb: 100,
  };
}
