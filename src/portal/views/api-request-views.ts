// Row -> portal shape of the API request log (schema.graphql ApiRequest, ApiRequestConnection).
import type { ApiRequestPage, ApiRequestRow } from '../../domain/api-requests/index.js';
import type { ApiRequest, ApiRequestConnection } from '../../generated/portal.generated.js';

export function toApiRequestView(row: ApiRequestRow): ApiRequest {
  return {
    id: row.api_request_id,
    installationId: row.installation_id,
    createdAt: row.created_at,
    method: row.method,
    path: row.path,
    operationId: row.operation_id,
    status: row.status,
    errorCode: row.error_code,
    durationMs: row.duration_ms,
    requestId: row.request_id,
    idempotencyKey: row.idempotency_key,
    clientIp: row.client_ip,
    requestBody: row.request_body,
    responseBody: row.response_body,
    apiVersion: row.api_version ?? null,
  };
}

export const toApiRequestConnection = (page: ApiRequestPage): ApiRequestConnection => ({
  nodes: page.nodes.map(toApiRequestView),
  pageInfo: page.pageInfo,
});
