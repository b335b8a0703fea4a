import * as payments from '../../domain/payments/index.js';
import { ok, type Handler } from '../types.js';

export const captureOrderPayment: Handler<'captureOrderPayment'> = async (req) => {
  const { payment, created } = await payments.captureOrderPayment(req.auth, req.params.orderId, req.body);
  return ok({ data: payment }, created ? 201 : 200);
};
