import { describe, expect, it } from '@jest/globals';
import { errors } from 'undici';
import { isResponseTimeout } from '../../src/domain/webhooks/http-client.js';

// undici's own header and body timeouts are the delivery's timeout too: when one fires a moment
// before the request's signal (make chaos: "Request failed: UND_ERR_HEADERS_TIMEOUT" on 2 of 288
// attempts to a hanging receiver), the attempt still reads as timed out.

describe("undici's timeouts", () => {
  it('when undici gives up waiting for the headers or the body, then it is the timeout', () => {
    expect(isResponseTimeout(new errors.HeadersTimeoutError())).toBe(true);
    expect(isResponseTimeout(new errors.BodyTimeoutError())).toBe(true);
    expect(isResponseTimeout(new Error('fetch failed', { cause: new errors.HeadersTimeoutError() }))).toBe(true);
  });

  it('when the request failed otherwise, then it is not a timeout', () => {
    expect(isResponseTimeout(new errors.SocketError('other side closed'))).toBe(false);
    expect(isResponseTimeout(new errors.ConnectTimeoutError())).toBe(false);
    expect(isResponseTimeout(undefined)).toBe(false);
    expect(isResponseTimeout(null)).toBe(false);
  });
});
