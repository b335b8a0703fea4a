export {
  MAX_API_REQUEST_PAGE,
  getApiRequest,
  getApiRequestByRequestId,
  listApiRequests,
  pruneApiRequests,
} from './api-requests.js';
export {
  MAX_LOGGED_BODY_BYTES,
  MAX_LOGGED_ERROR_BODY_BYTES,
  REDACTED,
  redactBody,
} from './redact.js';
export { copyApiRequestRows, copyLine } from './copy.js';
export type {
  ApiRequestEntry,
  ApiRequestPage,
  ApiRequestQuery,
  ApiRequestRow,
} from './api-requests.js';
