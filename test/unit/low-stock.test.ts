import { describe, expect, it } from '@jest/globals';
import { decideLowStock } from '../../src/domain/inventory/low-stock.js';

// Quantities in ten-thousandths: reorder point 10.0000 is 100000.
const REORDER = 100_000;

describe('decideLowStock', () => {
  it('when stock crosses down to the reorder point with no open alert, then it opens one (low_stock)', () => {
    expect(
      decideLowStock({ before: 110_000, after: REORDER, reorderPoint: REORDER, alertOpen: false }),
    ).toEqual({ event: 'inventory.low_stock', alertOpen: true });
    expect(
      decideLowStock({ before: 110_000, after: -5, reorderPoint: REORDER, alertOpen: false }),
    ).toEqual({ event: 'inventory.low_stock', alertOpen: true });
  });

  it('when stock stays above the reorder point, then nothing happens', () => {
    expect(
      decideLowStock({ before: 200_000, after: 100_001, reorderPoint: REORDER, alertOpen: false }),
    ).toEqual({ event: null, alertOpen: false });
    expect(
      decideLowStock({ before: 100_001, after: 200_000, reorderPoint: REORDER, alertOpen: false }),
    ).toEqual({ event: null, alertOpen: false });
  });

  it('when an alert is open and stock stays at or below the reorder point, then no second alert (one per cycle)', () => {
    expect(
      decideLowStock({ before: REORDER, after: 90_000, reorderPoint: REORDER, alertOpen: true }),
    ).toEqual({ event: null, alertOpen: true });
    expect(
      decideLowStock({ before: 50_000, after: REORDER, reorderPoint: REORDER, alertOpen: true }),
    ).toEqual({ event: null, alertOpen: true });
  });

  it('when an alert is open and stock goes back above the reorder point, then it resolves', () => {
    expect(
      decideLowStock({ before: REORDER, after: 100_001, reorderPoint: REORDER, alertOpen: true }),
    ).toEqual({
      event: 'inventory.low_stock_resolved',
      alertOpen: false,
    });
  });

  it('when an alert is open and stock is already above (reorder point lowered meanwhile), then the next movement resolves it', () => {
    expect(
      decideLowStock({ before: 150_000, after: 140_000, reorderPoint: REORDER, alertOpen: true }),
    ).toEqual({
      event: 'inventory.low_stock_resolved',
      alertOpen: false,
    });
  });

  it('when stock is low without an open alert and a receipt leaves it low, then nothing happens (not a crossing down)', () => {
    expect(
      decideLowStock({ before: 0, after: 50_000, reorderPoint: REORDER, alertOpen: false }),
    ).toEqual({ event: null, alertOpen: false });
  });

  it('when stock is low without an open alert and a movement lowers it further, then the alert opens', () => {
    expect(
      decideLowStock({ before: 0, after: -10_000, reorderPoint: 0, alertOpen: false }),
    ).toEqual({ event: 'inventory.low_stock', alertOpen: true });
  });

  it('treats the reorder point itself as low (at or below)', () => {
    expect(decideLowStock({ before: 1, after: 0, reorderPoint: 0, alertOpen: false }).event).toBe(
      'inventory.low_stock',
    );
    expect(decideLowStock({ before: 0, after: 1, reorderPoint: 0, alertOpen: true }).event).toBe(
      'inventory.low_stock_resolved',
    );
  });
});
