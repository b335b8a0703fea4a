// DO NOT EDIT. Generated from openapi.yaml by codegen/openapi.ts (make codegen).
export const OPERATION_IDS = [
  'getHealth',
  'listApiVersions',
  'getInstallation',
  'updateInstallationConfig',
  'listOrders',
  'createOrder',
  'getOrder',
  'updateOrder',
  'captureOrderPayment',
  'listMenuItems',
  'getMenuItem',
  'updateMenuItem',
  'bulkUpdateMenuAvailability',
  'listLocations',
  'getLocation',
  'listCustomers',
  'getCustomer',
  'listInventory',
  'getInventoryItem',
  'updateInventoryItem',
  'createStockMovement',
  'receiveExternalWebhook',
  'getExternalWebhookLog',
  'listEvents',
  'acknowledgeEvents',
  'exchangeSetupToken'
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];
