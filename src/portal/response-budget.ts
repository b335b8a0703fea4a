import { GraphQLError } from 'graphql';

// How much of the large text a portal response may carry: request bodies and payloads of webhook
// log entries (an inbound payload is up to 1 MB, an outbound body a few hundred kB). Past it the
// whole response is one error the client can act on (ask for fewer nodes or fewer aliases, or
// one entry's request through webhookLog), instead of a result that takes the process's memory
// (security review 4, finding 1: 30 aliases of 100 large bodies were about 600 MB, against a
// 256 MB heap). The statements that read the texts stop at what is left of it.

/** Bytes of bodies and payloads in one portal response. */
export const RESPONSE_BYTES = 4 * 1024 * 1024;

export class ResponseBudget {
  private used = 0;
  private over = false;

  constructor(readonly limit = RESPONSE_BYTES) {}

  /** What is left; 0 once the response is over its limit. */
  get remaining(): number {
    return this.over ? 0 : Math.max(0, this.limit - this.used);
  }

  get exceeded(): boolean {
    return this.over;
  }

  /** Counts `bytes` of text; throws (and marks the response as too large) past the limit. */
  charge(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limit) this.exceed();
  }

  /** A read found more than was left: the response is too large. */
  exceed(): never {
    this.over = true;
    throw responseTooLarge(this.limit);
  }
}

export function responseTooLarge(limit: number): GraphQLError {
  const mb = limit / (1024 * 1024);
  return new GraphQLError(
    `The response would carry more than ${mb} MB of request bodies and payloads, the limit of one portal response. Nothing was returned: ask for fewer nodes (\`first\`) or fewer aliases, or read one delivery's \`request\` with \`webhookLog(id)\`.`,
    {
      extensions: {
        code: 'response_too_large',
        details: { query: [`its bodies and payloads exceed ${mb} MB`] },
      },
    },
  );
}
