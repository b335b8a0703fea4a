import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
// The pure diagnosis module itself, not the webhooks component's index: that index brings the
// delivery worker, the queue and the database client, which a developer's CLI has no use for.
import { checkInboundSignature } from '../../domain/webhooks/signature-diagnosis.js';
import { signStandard } from '../../lib/secrets.js';
import { defineTool, ToolError } from './tool.js';

// verify_signature: does this body verify with this secret, and if not, which known mistake is it
// most likely (the platform's own inbound diagnosis: encoding, whitespace, re-serialised JSON).
// X-Svc-Signature is what is diagnosed; a Standard Webhooks webhook-signature, when the headers
// carry one, is checked as well.

type Headers = Record<string, string> | { name: string; value: string }[];

const headerOf = (headers: Headers | undefined, name: string): string | undefined => {
  const entries = Array.isArray(headers) ? headers.map((h) => [h.name, h.value] as const) : Object.entries(headers ?? {});
  return entries.find(([key]) => key.toLowerCase() === name)?.[1];
};

/** The secret as signBody uses it: the 64 characters, also when given in its whsec_ form. */
const plainSecret = (secret: string) => (secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64').toString('utf8') : secret);

function standardVerdict(secret: string, body: string, headers: Headers | undefined): boolean | undefined {
  const id = headerOf(headers, 'webhook-id');
  const timestamp = headerOf(headers, 'webhook-timestamp');
  const signatures = headerOf(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return undefined;
  const expected = Buffer.from(signStandard(secret, id, Number(timestamp), body));
  return signatures.split(' ').some((entry) => {
    const given = Buffer.from(entry.replace(/^v1,/, ''));
    return entry.startsWith('v1,') && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export function verifySignature(args: { secret: string; body: string; signature?: string; headers?: Headers }) {
  const signature = args.signature ?? headerOf(args.headers, 'x-svc-signature');
  if (signature === undefined && args.headers === undefined) throw new ToolError('validation_error', 'give signature (the X-Svc-Signature value) or headers (the request headers)');
  const secret = plainSecret(args.secret);
  const verdict = checkInboundSignature(Buffer.from(args.body, 'utf8'), signature, { current: secret, previous: null, previousActive: false, previousExpiresAt: null });
  const standard = standardVerdict(secret, args.body, args.headers);
  return {
    verified: verdict.ok,
    header: 'X-Svc-Signature',
    ...(verdict.ok ? {} : { cause: verdict.problem }),
    ...(standard === undefined ? {} : { standardWebhooks: { header: 'webhook-signature', verified: standard } }),
  };
}

export const verifyTool = defineTool({
  name: 'verify_signature',
  title: 'Verify a webhook signature',
  description:
    "Checks a webhook body against the plugin's webhook secret (the 64-character secret or its whsec_ form): X-Svc-Signature is lowercase hex HMAC-SHA256 of the exact raw body. Give the signature, or the request headers (a header map, or get_delivery's list). Says whether it verifies and, if not, the most likely cause (upper-case hex or base64, a trailing newline or other whitespace, a re-serialised JSON body, or a plain mismatch: wrong secret or changed body). Also checks webhook-signature (Standard Webhooks) when the headers carry it.",
  input: {
    secret: z.string().min(1).describe("The plugin's webhook secret"),
    body: z.string().describe('The raw request body, exactly as received'),
    signature: z.string().optional().describe('The X-Svc-Signature value'),
    headers: z
      .union([z.record(z.string(), z.string()), z.array(z.object({ name: z.string(), value: z.string() }))])
      .optional()
      .describe('The request headers, instead of signature'),
  },
  readOnly: true,
  run: async (args) => verifySignature(args),
});
