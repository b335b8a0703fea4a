import type { OpenAPIBackend, Operation } from 'openapi-backend';
import type { ApiVersionInfo, ApiVersions, DerivedVersion } from '../domain/api-versions/index.js';
import type { OperationId } from '../generated/operations.generated.js';
import type { ApiResponse } from './types.js';

// Where a request answered in an older dated version crosses to head and back, so that the
// handlers and the domain only ever see head: the request is validated against its own version's
// contract (a backend per older version, built on its first request), brought forward through
// each newer record's migrations, handled once, and its response (an error too) taken back.

/** The operation a version's request is validated against; undefined when that version lacks it. */
export type VersionOperation = (
  version: ApiVersionInfo,
  operationId: OperationId,
) => Promise<{ backend: OpenAPIBackend; operation: Operation } | undefined>;

/**
 * Each version's operations: head's backend for the newest, a backend of the derived contract
 * (made by `backendOf`, as head's) for each older one, on first use.
 */
export function versionOperations(
  head: OpenAPIBackend,
  derived: readonly DerivedVersion[],
  backendOf: (definition: object) => Promise<OpenAPIBackend>,
): VersionOperation {
  const newest = derived[0]?.version;
  const backends = new Map<string, Promise<OpenAPIBackend>>();
  const backendFor = (version: string): Promise<OpenAPIBackend> => {
    const doc = derived.find((d) => d.version === version);
    if (!doc || version === newest) return Promise.resolve(head);
    let backend = backends.get(version);
    if (!backend) {
      backend = backendOf(structuredClone(doc.openapi));
      backends.set(version, backend);
    }
    return backend;
  };
  // openapi-backend's getOperation rebuilds every operation on each call (about 55 µs): each
  // backend's operations are indexed once.
  const indexes = new Map<OpenAPIBackend, Map<string, Operation>>();
  const indexOf = (backend: OpenAPIBackend) => {
    let index = indexes.get(backend);
    if (!index) {
      index = new Map(backend.getOperations().map((o) => [o.operationId!, o]));
      indexes.set(backend, index);
    }
    return index;
  };
  return async (version, operationId) => {
    const backend = await backendFor(version.version);
    const operation = indexOf(backend).get(operationId);
    return operation ? { backend, operation } : undefined;
  };
}

/**
 * A validated request of `version`, brought forward to head before the handler: `parts` is
 * changed, its body a copy (the request log keeps the body as the plugin sent it).
 */
export function migrateRequestForward(
  versions: ApiVersions,
  version: ApiVersionInfo,
  operationId: OperationId,
  parts: { body: unknown; query: Record<string, unknown>; params: Record<string, unknown> },
): void {
  if (!versions.migrator.differs(version.version)) return;
  parts.body = structuredClone(parts.body);
  versions.migrator.requestForward(version.version, operationId, parts);
}

/** A response of head (an error included), taken back to `version` before it is sent. */
export function migrateResponseBack(
  versions: ApiVersions,
  version: ApiVersionInfo,
  operationId: OperationId | undefined,
  response: ApiResponse,
): ApiResponse {
  if (operationId !== undefined && versions.migrator.differs(version.version))
    versions.migrator.responseBack(version.version, operationId, response.status, response.body);
  return response;
}
