import type { ApiVersionInfo } from '../domain/api-versions/index.js';
import type { OperationId } from '../generated/operations.generated.js';
import type { ApiResponse } from './types.js';

// The one place where a request answered in an older dated version is translated, so that the
// handlers and the domain only ever see head. Today only the first version exists, so both are the
// identity; with the first change record they apply its `migration: {request, response}`
// functions (contracts/versions/<date>.ts, loadMigrations) in order: the request from its version
// forward through each newer record, the response from head back through the same records.

/** A request of `version`, brought forward to head before validation and the handler. */
export function migrateRequestForward(
  version: ApiVersionInfo,
  operationId: OperationId,
  body: unknown,
): unknown {
  void version;
  void operationId;
  return body;
}

/** A response of head (an error included), taken back to `version` before it is sent. */
export function migrateResponseBack(
  version: ApiVersionInfo,
  operationId: OperationId | undefined,
  response: ApiResponse,
): ApiResponse {
  void version;
  void operationId;
  return response;
}
