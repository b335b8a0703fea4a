export { captureOrderPayment } from './payments.js';
export { recordFailedPayment, recordPosSale, refundPayment } from './pos-payments.js';
export type { PaymentOutcome } from './pos-payments.js';
