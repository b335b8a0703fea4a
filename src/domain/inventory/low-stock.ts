// The low-stock alert cycle of one ingredient at one location (the spec's "Inventory low-stock
// alert cycle"), as a pure decision. Quantities are integer ten-thousandths (src/domain/shared/money.ts).
//
//   no open alert --(a movement lowers stock to or below the reorder point)--> alert open: inventory.low_stock
//   alert open    --(a movement leaves stock above the reorder point)-------> closed:     inventory.low_stock_resolved
//
// The open flag (stock_levels.low_stock_alert_open) is what makes it one alert per depletion
// cycle: while it is open, further movements at or below the reorder point emit nothing.

export interface LowStockInput {
  /** On-hand stock before the movement. */
  before: number;
  /** On-hand stock after the movement. */
  after: number;
  reorderPoint: number;
  /** Whether an alert is open before the movement. */
  alertOpen: boolean;
}

export type LowStockEvent = 'inventory.low_stock' | 'inventory.low_stock_resolved';

export interface LowStockDecision {
  /** The event this movement emits, if any. */
  event: LowStockEvent | null;
  /** Whether the alert is open after the movement. */
  alertOpen: boolean;
}

export function decideLowStock({
  before,
  after,
  reorderPoint,
  alertOpen,
}: LowStockInput): LowStockDecision {
  const low = after <= reorderPoint;
  if (alertOpen) {
    return low
      ? { event: null, alertOpen: true }
      : { event: 'inventory.low_stock_resolved', alertOpen: false };
  }
  // Only a movement that lowers stock opens an alert: a receipt that leaves stock still low (for
  // example at a freshly created level) is not a crossing down.
  if (low && after < before) return { event: 'inventory.low_stock', alertOpen: true };
  return { event: null, alertOpen: false };
}
