import type { HandlerMap } from '../types.js';
import * as customers from './customers.js';
import * as installation from './installation.js';
import * as inventory from './inventory.js';
import * as locations from './locations.js';
import * as menu from './menu.js';
import * as orders from './orders.js';
import * as payments from './payments.js';
import * as setup from './setup.js';
import * as versions from './versions.js';
import * as webhooks from './webhooks.js';

// One entry per operationId of openapi.yaml, typed from the generated list: a missing, misnamed
// or extra handler is a compile error.
export const handlers: HandlerMap = {
  getHealth: installation.getHealth,
  listApiVersions: versions.listApiVersions,
  getInstallation: installation.getInstallation,
  updateInstallationConfig: installation.updateInstallationConfig,
  listOrders: orders.listOrders,
  createOrder: orders.createOrder,
  getOrder: orders.getOrder,
  updateOrder: orders.updateOrder,
  captureOrderPayment: payments.captureOrderPayment,
  listMenuItems: menu.listMenuItems,
  getMenuItem: menu.getMenuItem,
  updateMenuItem: menu.updateMenuItem,
  bulkUpdateMenuAvailability: menu.bulkUpdateMenuAvailability,
  listLocations: locations.listLocations,
  getLocation: locations.getLocation,
  listCustomers: customers.listCustomers,
  getCustomer: customers.getCustomer,
  listInventory: inventory.listInventory,
  getInventoryItem: inventory.getInventoryItem,
  updateInventoryItem: inventory.updateInventoryItem,
  createStockMovement: inventory.createStockMovement,
  receiveExternalWebhook: webhooks.receiveExternalWebhook,
  getExternalWebhookLog: webhooks.getExternalWebhookLog,
  listEvents: webhooks.listEvents,
  acknowledgeEvents: webhooks.acknowledgeEvents,
  exchangeSetupToken: setup.exchangeSetupToken,
};
