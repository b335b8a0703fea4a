import * as orders from '../../domain/orders/index.js';
import { DEFAULT_LIMIT } from '../../domain/shared/index.js';
import { ok, replayed, type Handler } from '../types.js';

export const listOrders: Handler<'listOrders'> = async (req) =>
  ok(
    await orders.listOrders(req.auth, {
      locationId: req.query?.location_id,
      status: req.query?.status,
      since: req.query?.since,
      limit: req.query?.limit ?? DEFAULT_LIMIT,
      cursor: req.query?.cursor,
    }),
  );

export const getOrder: Handler<'getOrder'> = async (req) =>
  ok({ data: await orders.getOrder(req.auth, req.params.orderId) });

export const createOrder: Handler<'createOrder'> = async (req) => {
  const { order, created } = await orders.createOrder(
    req.auth,
    req.body,
    req.headers['x-idempotency-key'],
  );
  return created ? ok({ data: order }, 201) : replayed({ data: order });
};

export const updateOrder: Handler<'updateOrder'> = async (req) =>
  ok({ data: await orders.updateOrder(req.auth, req.params.orderId, req.body) });
