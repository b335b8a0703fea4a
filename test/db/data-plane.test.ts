import { afterAll, describe, expect, it } from '@jest/globals';
import { createDatabase } from '../../src/db/database.js';
import { dataPlane } from '../../src/domain/shared/site.js';

// dataPlane keeps one handle per pool and schema (withSchema costs ~9 KB a call, paid by every API
// request otherwise); each handle still qualifies every table with its own schema.
describe('dataPlane', () => {
  const { db, close } = createDatabase('postgres://nobody@127.0.0.1:1/none');
  afterAll(() => close());

  it('reuses one handle per schema and qualifies tables with that schema', () => {
    const production = dataPlane(db, 'production');
    const sandbox = dataPlane(db, 'sandbox_7');
    expect(dataPlane(db, 'production')).toBe(production);
    expect(dataPlane(db, 'sandbox_7')).toBe(sandbox);
    expect(sandbox).not.toBe(production);
    expect(production.selectFrom('orders').select('order_id').compile().sql).toBe(
      'select "order_id" from "production"."orders"',
    );
    expect(sandbox.selectFrom('orders').select('order_id').compile().sql).toBe(
      'select "order_id" from "sandbox_7"."orders"',
    );
  });

  it('keeps at most 512 schemas, dropping the oldest first', () => {
    const first = dataPlane(db, 'sandbox_first');
    for (let i = 0; i < 512; i++) dataPlane(db, `sandbox_fill_${i}`);
    const again = dataPlane(db, 'sandbox_first');
    expect(again).not.toBe(first);
    expect(again.selectFrom('orders').select('order_id').compile().sql).toBe(
      'select "order_id" from "sandbox_first"."orders"',
    );
  });
});
