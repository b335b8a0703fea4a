// `make lint-asyncapi`: validates asyncapi.yaml in two passes and exits 1 on any problem.
//
// 1. @asyncapi/parser: AsyncAPI 3.0 structure, references and its recommended Spectral rules.
//    Errors and warnings fail the run. Informational diagnostics are printed and accepted: the
//    only one expected is `asyncapi-latest-version` (AsyncAPI 3.1.0 exists; this contract stays on
//    3.0.0, the version the project's tooling and the brief pin).
// 2. Checks no linter knows about: every example (headers and body) validates against its
//    schemas with ajv (draft-07, ajv-formats, strict mode), every example's X-Svc-Signature is
//    the HMAC of its body under the documented test secret (and, outbound, its webhook-id is the
//    envelope id and its webhook-signature the Standard Webhooks signature under the same secret),
//    and names, families, tags and send
//    operations agree. Finally the generator runs, so that a change it cannot handle fails here.
//
// Redocly lints the same file separately (`npx redocly lint asyncapi.yaml`).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser } from '@asyncapi/parser';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import {
  dereferenceSchema,
  follow,
  generateEvents,
  loadWebhookContract,
  type Json,
  type JsonObject,
  type MessageExample,
  type WebhookContract,
} from './events.js';
import { signatureOf, standardSignatureOf } from './example-signatures.js';

// ajv-formats is CommonJS: under NodeNext its default import is typed as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEVERITY = ['error', 'warning', 'info', 'hint'] as const;

async function parserPass(text: string): Promise<string[]> {
  const { document, diagnostics } = await new Parser().parse(text, {
    source: path.join(root, 'asyncapi.yaml'),
  });
  const problems: string[] = [];
  for (const diagnostic of diagnostics) {
    const severity = SEVERITY[diagnostic.severity] ?? 'unknown';
    const where = `${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1}`;
    const at = diagnostic.path.join('.');
    const line = `asyncapi.yaml:${where} ${severity} ${String(diagnostic.code)}: ${diagnostic.message} (${at})`;
    console.log(line);
    if (diagnostic.severity <= 1) problems.push(line);
  }
  if (document === undefined) problems.push('@asyncapi/parser could not build a document');
  else {
    console.log(
      `@asyncapi/parser: ${document.allMessages().length} messages, ${document.allOperations().length} operations`,
    );
  }
  return problems;
}

function createValidator(
  contract: WebhookContract,
): (schema: Json, value: unknown, where: string) => string[] {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  return (schema, value, where) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (validate === undefined) {
      validate = ajv.compile(dereferenceSchema(contract.document, schema) as object);
      compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${where}: ${error.instancePath || '/'} ${error.message ?? 'is invalid'}`,
    );
  };
}

/** Checks one message's examples: schemas, signature, and the event name in body and header. */
function checkExamples(
  validate: ReturnType<typeof createValidator>,
  secret: string,
  label: string,
  payload: Json,
  headers: Json,
  examples: MessageExample[],
  eventName?: string,
): string[] {
  const problems: string[] = [];
  if (examples.length === 0) problems.push(`${label}: has no example`);
  for (const example of examples) {
    const where = `${label} example "${example.name ?? '?'}"`;
    problems.push(...validate(payload, example.payload, `${where} payload`));
    problems.push(...validate(headers, example.headers ?? {}, `${where} headers`));
    if (example.headers?.['X-Svc-Signature'] !== signatureOf(secret, example.payload)) {
      problems.push(
        `${where}: X-Svc-Signature is not the HMAC of JSON.stringify(payload) with the example secret`,
      );
    }
    if (eventName !== undefined && example.headers?.['X-Svc-Event'] !== eventName) {
      problems.push(`${where}: X-Svc-Event is not ${eventName}`);
    }
    if (eventName !== undefined) {
      const id = (example.payload as JsonObject | undefined)?.id;
      if (example.headers?.['webhook-id'] !== id)
        problems.push(`${where}: webhook-id is not the envelope id`);
      const expected = standardSignatureOf(
        secret,
        example.headers?.['webhook-id'],
        example.headers?.['webhook-timestamp'],
        example.payload,
      );
      if (example.headers?.['webhook-signature'] !== expected) {
        problems.push(
          `${where}: webhook-signature is not v1, + the base64 HMAC of {webhook-id}.{webhook-timestamp}.{JSON.stringify(payload)} with the example secret`,
        );
      }
    }
  }
  return problems;
}

/** Each outbound message is sent by exactly one `send` operation, and tagged with its family. */
function checkOperations(contract: WebhookContract): string[] {
  const problems: string[] = [];
  const operations = Object.values(contract.document.operations as Record<string, JsonObject>);
  const sends = (op: JsonObject, name: string): boolean =>
    op.action === 'send' &&
    ((op.messages ?? []) as JsonObject[]).some(
      (ref) => (follow(contract.document, ref) as JsonObject).name === name,
    );
  for (const event of contract.events) {
    const senders = operations.filter((op) => sends(op, event.name));
    if (senders.length !== 1)
      problems.push(`${event.name}: sent by ${senders.length} operations, expected 1`);
    if (!event.tags.includes(event.family))
      problems.push(`${event.name}: not tagged with its family "${event.family}"`);
  }
  return problems;
}

async function contractPass(): Promise<string[]> {
  const contract = await loadWebhookContract(root);
  const schemes = (contract.document.components as JsonObject).securitySchemes as JsonObject;
  const secret = String((schemes.webhookSignature as JsonObject)['x-example-secret']);
  const standard = (schemes.webhookSignature as JsonObject)['x-example-secret-standard'];
  const problems: string[] = [];
  if (standard !== `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`) {
    problems.push(
      'webhookSignature: x-example-secret-standard is not whsec_ + base64 of x-example-secret',
    );
  }
  const validate = createValidator(contract);
  problems.push(...checkOperations(contract));
  for (const event of contract.events) {
    problems.push(
      ...checkExamples(
        validate,
        secret,
        event.name,
        event.envelope,
        event.headers,
        event.examples,
        event.name,
      ),
    );
  }
  const { inbound } = contract;
  problems.push(
    ...checkExamples(
      validate,
      secret,
      inbound.messageKey,
      inbound.payload,
      inbound.headers,
      inbound.examples,
    ),
  );
  const examples = contract.events.reduce(
    (count, event) => count + event.examples.length,
    inbound.examples.length,
  );
  const [generated] = await generateEvents(root);
  console.log(
    `contract: ${contract.events.length} events in ${contract.families.length} families, ${examples} examples ` +
      `checked; ${generated?.path ?? 'nothing'} generates (${generated?.content.split('\n').length ?? 0} lines)`,
  );
  return problems;
}

const text = await readFile(path.join(root, 'asyncapi.yaml'), 'utf8');
const problems = [...(await parserPass(text))];
try {
  problems.push(...(await contractPass()));
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
}
for (const problem of problems) console.error(`✗ ${problem}`);
console.log(
  problems.length === 0 ? 'asyncapi.yaml: valid' : `asyncapi.yaml: ${problems.length} problem(s)`,
);
process.exitCode = problems.length === 0 ? 0 : 1;
