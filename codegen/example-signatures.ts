import { createHmac } from 'node:crypto';

// The signatures an AsyncAPI example's headers carry: the HMAC of its body under the documented
// test secret (components.securitySchemes.webhookSignature's x-example-secret), as a delivery's
// would. make lint-asyncapi checks them; a derived older version's examples, whose bodies are
// taken back to that version's shapes, are signed again with them.

/** X-Svc-Signature: hex HMAC-SHA256 of the body (JSON.stringify of the payload). */
export const signatureOf = (secret: string, payload: unknown): string =>
  createHmac('sha256', secret).update(JSON.stringify(payload)).digest('hex');

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the same secret's bytes. */
export const standardSignatureOf = (
  secret: string,
  id: unknown,
  timestamp: unknown,
  payload: unknown,
): string =>
  `v1,${createHmac('sha256', secret)
    .update(`${String(id)}.${String(timestamp)}.${JSON.stringify(payload)}`)
    .digest('base64')}`;

type Doc = Record<string, any>;

/** Signs every message example of an AsyncAPI document again over its payload (in place). */
export function signExamples(doc: Doc): void {
  const secret = doc.components?.securitySchemes?.webhookSignature?.['x-example-secret'];
  if (typeof secret !== 'string') return;
  for (const message of Object.values<Doc>(doc.components?.messages ?? {}))
    for (const example of (message.examples ?? []) as Doc[]) {
      const headers = example.headers as Doc | undefined;
      if (!headers) continue;
      if ('X-Svc-Signature' in headers)
        headers['X-Svc-Signature'] = signatureOf(secret, example.payload);
      if ('webhook-signature' in headers)
        headers['webhook-signature'] = standardSignatureOf(
          secret,
          headers['webhook-id'],
          headers['webhook-timestamp'],
          example.payload,
        );
    }
}
