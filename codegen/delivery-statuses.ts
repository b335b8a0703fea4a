// Turns openapi.yaml's delivery statuses into src/generated/delivery-statuses.generated.ts: the
// lists the code offers (svc mcp's list_deliveries filter, the dashboard's "Webhook deliveries"),
// so that openapi.yaml stays the only place they are spelled.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

export const GENERATED_DELIVERY_STATUSES_PATH = 'src/generated/delivery-statuses.generated.ts';
const BANNER =
  '// DO NOT EDIT. Generated from openapi.yaml by codegen/delivery-statuses.ts (make codegen).';
/**
 * The statuses of an inbound log entry (WebhookLog.status's description says so; its enum holds
 * both directions). Each must be in that enum, or codegen fails.
 */
const INBOUND_STATUSES = ['received', 'rejected'];

interface Schema {
  enum?: string[];
  properties?: Record<string, Schema>;
}
interface OpenApi {
  paths: Record<
    string,
    Record<string, { operationId?: string; parameters?: { name: string; schema?: Schema }[] }>
  >;
  components: { schemas: Record<string, Schema> };
}

export async function generateDeliveryStatuses(
  root: string,
): Promise<{ path: string; content: string }[]> {
  const doc = parse(await readFile(path.join(root, 'openapi.yaml'), 'utf8')) as OpenApi;
  const logStatuses = enumOf(
    doc.components.schemas.WebhookLog?.properties?.status,
    'WebhookLog.status',
  );
  const feedStatuses = enumOf(
    doc.components.schemas.EventDelivery?.properties?.status,
    'EventDelivery.status',
  );
  const missing = INBOUND_STATUSES.filter((s) => !logStatuses.includes(s));
  if (missing.length)
    throw new Error(
      `openapi.yaml WebhookLog.status has no ${missing.join(', ')} (codegen/delivery-statuses.ts INBOUND_STATUSES)`,
    );
  const deliveryStatuses = logStatuses.filter((s) => !INBOUND_STATUSES.includes(s));
  const strays = feedStatuses.filter((s) => !deliveryStatuses.includes(s));
  if (strays.length)
    throw new Error(
      `openapi.yaml EventDelivery.status has ${strays.join(', ')}, not an outbound WebhookLog.status`,
    );
  const filter = Object.values(doc.paths)
    .flatMap((item) => Object.values(item))
    .find((op) => op.operationId === 'listEvents')
    ?.parameters?.find((p) => p.name === 'delivery_status');
  if (
    JSON.stringify(enumOf(filter?.schema, 'listEvents delivery_status')) !==
    JSON.stringify(feedStatuses)
  ) {
    throw new Error(
      'openapi.yaml: listEvents delivery_status and EventDelivery.status list different statuses',
    );
  }
  const list = (doc: string, name: string, type: string, values: string[]) =>
    `/** ${doc} */\nexport const ${name} = ${JSON.stringify(values).replace(/"/g, "'").replace(/,/g, ', ')} as const;\nexport type ${type} = (typeof ${name})[number];\n`;
  const content = [
    `${BANNER}\n`,
    list(
      'Every status of a webhook log entry, inbound and outbound (openapi.yaml WebhookLog.status).',
      'WEBHOOK_LOG_STATUSES',
      'WebhookLogStatus',
      logStatuses,
    ),
    list(
      `The statuses of an outbound delivery: WebhookLog.status but an inbound entry's (${INBOUND_STATUSES.join(', ')}).`,
      'DELIVERY_STATUSES',
      'DeliveryStatus',
      deliveryStatuses,
    ),
    list(
      "A delivery as the event feed reports it (openapi.yaml EventDelivery.status, listEvents' delivery_status).",
      'FEED_DELIVERY_STATUSES',
      'FeedDeliveryStatus',
      feedStatuses,
    ),
  ].join('\n');
  return [{ path: GENERATED_DELIVERY_STATUSES_PATH, content }];
}

function enumOf(schema: Schema | undefined, where: string): string[] {
  if (!schema?.enum?.length) throw new Error(`openapi.yaml ${where} has no enum`);
  return schema.enum;
}
