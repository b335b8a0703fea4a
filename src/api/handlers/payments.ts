import * as payments from '../../domain/payments/index.js';
import { ok, replayed, type Handler } from '../types.js';

export const captureOrderPayment: Handler<'captureOrderPayment'> = async (req) => {
  const { payment, created } = await payments.captureOrderPayment(
    req.auth,
    req.params.orderId,
    req.body,
  );
  return created ? ok({ data: payment }, 201) : replayed({ data: payment });
};
