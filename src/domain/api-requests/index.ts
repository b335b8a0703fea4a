export {
  MAX_API_REQUEST_PAGE,
  MAX_LOGGED_BODY_BYTES,
  REDACTED,
  getApiRequest,
  getApiRequestByRequestId,
  listApiRequests,
  pruneApiRequests,
  recordApiRequests,
  redactBody,
} from './api-requests.js';
export { copyApiRequests } from './copy.js';
export type { ApiRequestEntry, ApiRequestPage, ApiRequestQuery, ApiRequestRow } from './api-requests.js';
