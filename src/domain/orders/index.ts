export { createOrder } from './order-create.js';
export {
  changeOrderStatus,
  findOrder,
  installationScope,
  markOrderPaid,
} from './order-lifecycle.js';
export type { OrderScope } from './order-lifecycle.js';
export type { InternalStatus } from './order-status.js';
export { loadOrderView, remainingMinor, toPaymentView } from './order-view.js';
export type { OrderRow, PaymentView, TransactionRow } from './order-view.js';
export { getOrder, listOrders, updateOrder } from './orders.js';
export {
  addOrderItems,
  createPosOrder,
  lockOrder,
  markOrderPrepared,
  releaseHeldOrder,
} from './pos-orders.js';
export type { OrderLineInput } from './pos-orders.js';
