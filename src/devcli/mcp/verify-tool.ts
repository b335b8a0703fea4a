import { timingSafeEqual } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { z } from 'zod';
// The pure diagnosis module itself, not the webhooks component's index: that index brings the
// delivery worker, the queue and the database client, which a developer's CLI has no use for.
import { checkInboundSignature } from '../../domain/webhooks/index.js';
import { signStandard } from '../../lib/secrets.js';
import { defineTool, ToolError, type McpContext } from './tool.js';

// verify_signature: does this body verify with this secret, and if not, which known mistake is it
// most likely (the platform's own inbound diagnosis: encoding, whitespace, re-serialised JSON).
// X-Svc-Signature is what is diagnosed; a Standard Webhooks webhook-signature, when the headers
// carry one, is checked as well. The secret is never a tool argument (it would sit in the
// transcript and the model provider's logs): svc mcp's SVC_WEBHOOK_SECRET, or a file named by path.

type Headers = Record<string, string> | { name: string; value: string }[];

const headerOf = (headers: Headers | undefined, name: string): string | undefined => {
  const entries = Array.isArray(headers)
    ? headers.map((h) => [h.name, h.value] as const)
    : Object.entries(headers ?? {});
  return entries.find(([key]) => key.toLowerCase() === name)?.[1];
};

/** The secret as signBody uses it: the 64 characters, also when given in its whsec_ form. */
const plainSecret = (secret: string) =>
  secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64').toString('utf8') : secret;

function standardVerdict(
  secret: string,
  body: string,
  headers: Headers | undefined,
): boolean | undefined {
  const id = headerOf(headers, 'webhook-id');
  const timestamp = headerOf(headers, 'webhook-timestamp');
  const signatures = headerOf(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return undefined;
  const expected = Buffer.from(signStandard(secret, id, Number(timestamp), body));
  return signatures.split(' ').some((entry) => {
    const given = Buffer.from(entry.replace(/^v1,/, ''));
    return (
      entry.startsWith('v1,') &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    );
  });
}

/** A secret file holds one secret (64 characters, or its whsec_ form): more than this is not one. */
const MAX_SECRET_FILE_BYTES = 1024;

/** Up to max + 1 bytes of a file, never more (whatever it is: /dev/zero included). */
function head(file: string, max: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(max + 1);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, null));
  } finally {
    closeSync(fd);
  }
}

/** The secret in a file, trimmed (a trailing newline is the file's, not the secret's). Its contents never go into a message. */
function secretInFile(file: string): string {
  let bytes: Buffer;
  try {
    bytes = head(file, MAX_SECRET_FILE_BYTES);
  } catch (err) {
    throw new ToolError(
      'validation_error',
      `secret_file ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (bytes.length > MAX_SECRET_FILE_BYTES)
    throw new ToolError('validation_error', `secret_file ${file} holds more than a webhook secret`);
  const secret = bytes.toString('utf8').trim();
  if (!secret) throw new ToolError('validation_error', `secret_file ${file} is empty`);
  return secret;
}

function secretOf(ctx: McpContext, secretFile: string | undefined): string {
  if (secretFile !== undefined) return secretInFile(secretFile);
  if (ctx.webhookSecret) return ctx.webhookSecret;
  throw new ToolError(
    'validation_error',
    "no webhook secret: start svc mcp with SVC_WEBHOOK_SECRET set to the plugin's webhook secret, or give secret_file, the path of a file holding it (the secret itself is never a tool argument)",
  );
}

export function verifySignature(args: {
  secret: string;
  body: string;
  signature?: string;
  headers?: Headers;
}) {
  const signature = args.signature ?? headerOf(args.headers, 'x-svc-signature');
  if (signature === undefined && args.headers === undefined)
    throw new ToolError(
      'validation_error',
      'give signature (the X-Svc-Signature value) or headers (the request headers)',
    );
  const secret = plainSecret(args.secret);
  const verdict = checkInboundSignature(Buffer.from(args.body, 'utf8'), signature, {
    current: secret,
    previous: null,
    previousActive: false,
    previousExpiresAt: null,
  });
  const standard = standardVerdict(secret, args.body, args.headers);
  return {
    verified: verdict.ok,
    header: 'X-Svc-Signature',
    ...(verdict.ok ? {} : { cause: verdict.problem }),
    ...(standard === undefined
      ? {}
      : { standardWebhooks: { header: 'webhook-signature', verified: standard } }),
  };
}

export const verifyTool = defineTool({
  name: 'verify_signature',
  title: 'Verify a webhook signature',
  description:
    "Checks a webhook body against the plugin's webhook secret (the 64-character secret or its whsec_ form), which svc mcp reads from its SVC_WEBHOOK_SECRET or from secret_file, a file holding it; the secret itself is never an argument. X-Svc-Signature is lowercase hex HMAC-SHA256 of the exact raw body. Give the signature, or the request headers as the receiver got them (a header map, or a list of {name, value}). Says whether it verifies and, if not, the most likely cause (upper-case hex or base64, a trailing newline or other whitespace, a re-serialised JSON body, or a plain mismatch: wrong secret or changed body). Also checks webhook-signature (Standard Webhooks) when the headers carry it.",
  input: {
    secret_file: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The path of a file holding the plugin's webhook secret, instead of svc mcp's SVC_WEBHOOK_SECRET",
      ),
    body: z.string().describe('The raw request body, exactly as received'),
    signature: z.string().optional().describe('The X-Svc-Signature value'),
    headers: z
      .union([
        z.record(z.string(), z.string()),
        z.array(z.object({ name: z.string(), value: z.string() })),
      ])
      .optional()
      .describe('The request headers, instead of signature'),
  },
  readOnly: true,
  run: async ({ secret_file: secretFile, ...args }, ctx) =>
    verifySignature({ ...args, secret: secretOf(ctx, secretFile) }),
});
