import { beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rotateWebhookSecret } from '../../src/domain/plugins/index.js';
import { standardWebhookSecret } from '../../src/lib/secrets.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import {
  emit,
  headersOf,
  scopeOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';
import type { ReceivedRequest } from '../support/webhook-receiver.js';

// The verification code of /docs/webhooks, as the page serves it, run unchanged against real
// deliveries: the Node.js sample with this machine's node, the Python sample with its python3, the
// Go sample compiled with its go (Debian's golang-go, which `make test-unit` installs when missing;
// all three standard library only). A harness calls the documented function; the samples
// themselves are taken from the rendered page, so a broken sample fails here.

const world = webhookWorld();
let inst: InstallationFixture;
let samples: { node: string; python: string; go: string };
const dir = mkdtempSync(path.join(tmpdir(), 'svc-docs-verify-'));
let goBuildError: string | undefined;
// Go's build cache outlives the run (in the machine's temporary directory, never in the repository)
// so that the standard library compiles once; nothing is downloaded (no modules, no toolchains).
const GO_ENV = {
  ...process.env,
  GOCACHE: path.join(tmpdir(), 'svc-go-build-cache'),
  GOPATH: path.join(dir, 'gopath'),
  GOFLAGS: '-mod=mod',
  GOPROXY: 'off',
  GOTOOLCHAIN: 'local',
  CGO_ENABLED: '0',
};
const GO_HARNESS = `package main

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"time"

	"svcverify/webhooks"
)

type input struct {
	Secret  string            \`json:"secret"\`
	Headers map[string]string \`json:"headers"\`
	Body    string            \`json:"body"\`
	Now     *int64            \`json:"now"\`
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		panic(err)
	}
	body, err := base64.StdEncoding.DecodeString(in.Body)
	if err != nil {
		panic(err)
	}
	header := http.Header{}
	for name, value := range in.Headers {
		header.Set(name, value)
	}
	now := time.Now()
	if in.Now != nil {
		now = time.Unix(*in.Now, 0)
	}
	out := json.NewEncoder(os.Stdout)
	if err := webhooks.VerifyWebhook(in.Secret, header, body, now); err != nil {
		out.Encode(map[string]any{"ok": false, "error": err.Error()})
		return
	}
	var event struct {
		ID string \`json:"id"\`
	}
	if err := json.Unmarshal(body, &event); err != nil {
		panic(err)
	}
	out.Encode(map[string]any{"ok": true, "id": event.ID})
}
`;

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

beforeAll(async () => {
  inst = await createInstallation(world.t.db, {
    webhookEndpoint: world.receiver.url('/docs-sample'),
  });
  const res = await world.t.request().get('/docs/webhooks');
  expect(res.status).toBe(200);
  const blocks = [
    ...res.text.matchAll(/<pre><code class="language-(\w+)">([\s\S]*?)<\/code><\/pre>/g),
  ].map(([, lang, code]) => ({ lang: lang!, code: unescapeHtml(code!) }));
  const one = (lang: string, marker: string) => {
    const found = blocks.filter((b) => b.lang === lang && b.code.includes(marker));
    expect(found).toHaveLength(1);
    return found[0]!.code;
  };
  samples = {
    node: one('js', 'export function verifyWebhook'),
    python: one('python', 'def verify_webhook'),
    go: one('go', 'func VerifyWebhook'),
  };
  writeFileSync(path.join(dir, 'svc_verify.mjs'), samples.node);
  writeFileSync(path.join(dir, 'svc_verify.py'), samples.python);
  // The Go sample is package webhooks: a module with it as a package and a main that calls it.
  mkdirSync(path.join(dir, 'go', 'webhooks'), { recursive: true });
  writeFileSync(path.join(dir, 'go', 'go.mod'), 'module svcverify\n\ngo 1.19\n');
  writeFileSync(path.join(dir, 'go', 'webhooks', 'webhooks.go'), samples.go);
  writeFileSync(path.join(dir, 'go', 'main.go'), GO_HARNESS);
  // A failed build fails the Go cases only (run() reports it), not the other languages'.
  const build = spawnSync('go', ['build', '-o', path.join(dir, 'harness-go'), '.'], {
    cwd: path.join(dir, 'go'),
    env: GO_ENV,
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (build.error)
    goBuildError = `go is needed for the Go sample (make test-unit installs Debian's golang-go): ${build.error.message}`;
  else if (build.status !== 0)
    goBuildError = `the Go sample of /docs/webhooks does not compile:\n${build.stderr}`;
  // Harnesses: read {secret, headers, body (base64), now?} on stdin, call the documented function,
  // print {ok, id} or {ok: false, error}.
  writeFileSync(
    path.join(dir, 'harness.mjs'),
    `import { verifyWebhook } from './svc_verify.mjs';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { secret, headers, body, now } = JSON.parse(input);
try {
  const event = now === undefined ? verifyWebhook(secret, headers, Buffer.from(body, 'base64')) : verifyWebhook(secret, headers, Buffer.from(body, 'base64'), now * 1000);
  console.log(JSON.stringify({ ok: true, id: event.id }));
} catch (err) {
  console.log(JSON.stringify({ ok: false, error: err.message }));
}
`,
  );
  writeFileSync(
    path.join(dir, 'harness.py'),
    `import base64, json, sys
from svc_verify import verify_webhook
data = json.load(sys.stdin)
try:
    event = verify_webhook(data["secret"], data["headers"], base64.b64decode(data["body"]), data.get("now"))
    print(json.dumps({"ok": True, "id": event["id"]}))
except ValueError as err:
    print(json.dumps({"ok": False, "error": str(err)}))
`,
  );
}, 300_000);

type Outcome = { ok: true; id: string } | { ok: false; error: string };

const HARNESSES = {
  node: [process.execPath, ['harness.mjs']],
  python: ['python3', ['harness.py']],
  go: [path.join(dir, 'harness-go'), []],
} as const;
type Language = keyof typeof HARNESSES;

function run(
  language: Language,
  secret: string,
  req: ReceivedRequest,
  options: { body?: Buffer; now?: number } = {},
): Outcome {
  if (language === 'go' && goBuildError) throw new Error(goBuildError);
  const [command, args] = HARNESSES[language];
  const input = JSON.stringify({
    secret,
    headers: headersOf(req),
    body: (options.body ?? req.body).toString('base64'),
    now: options.now,
  });
  const result = spawnSync(command, args, { cwd: dir, input, encoding: 'utf8', timeout: 20_000 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Outcome;
}

async function deliverOne(orderId: number): Promise<{ req: ReceivedRequest; eventId: string }> {
  const eventId = await emit(world.t, scopeOf(inst), 'order.paid', {
    order_id: orderId,
    order_number: `ORD-${orderId}`,
    total: '9.50',
    paid_at: '2026-03-14T18:40:00Z',
  });
  const [log] = await waitForDelivery(world.t.db, eventId);
  expect(log!.status).toBe('delivered');
  return {
    req: world.receiver.requests.find((r) => r.headers['x-svc-delivery'] === log!.delivery_id)!,
    eventId,
  };
}

describe('the verification code of /docs/webhooks', () => {
  it('documents the Standard Webhooks headers, the 5-minute tolerance and a Go sample', () => {
    expect(samples.go).toContain('const tolerance = 5 * time.Minute');
    expect(samples.go).toContain('hmac.Equal');
  });

  it.each(['node', 'python', 'go'] as const)(
    'when %s verifies a real delivery, then it accepts it with either form of the secret and refuses a tampered body or a stale timestamp',
    async (language) => {
      const { req, eventId } = await deliverOne({ node: 8101, python: 8102, go: 8103 }[language]);
      expect(run(language, inst.webhookSecret, req)).toEqual({ ok: true, id: eventId });
      expect(run(language, standardWebhookSecret(inst.webhookSecret), req)).toEqual({
        ok: true,
        id: eventId,
      });
      expect(run(language, 'f'.repeat(64), req)).toEqual({
        ok: false,
        error: 'no webhook-signature matches',
      });
      const tampered = Buffer.from(req.body.toString('utf8').replace('9.50', '0.50'));
      expect(run(language, inst.webhookSecret, req, { body: tampered })).toEqual({
        ok: false,
        error: 'no webhook-signature matches',
      });
      const timestamp = Number(req.headers['webhook-timestamp']);
      expect(run(language, inst.webhookSecret, req, { now: timestamp + 299 })).toEqual({
        ok: true,
        id: eventId,
      });
      expect(run(language, inst.webhookSecret, req, { now: timestamp + 301 })).toEqual({
        ok: false,
        error: 'webhook-timestamp is outside the 5-minute tolerance',
      });
      expect(run(language, inst.webhookSecret, req, { now: timestamp - 301 })).toEqual({
        ok: false,
        error: 'webhook-timestamp is outside the 5-minute tolerance',
      });
    },
  );

  it.each(['node', 'python', 'go'] as const)(
    'when %s verifies a delivery during a rotation overlap, then the old and the new secret both verify it',
    async (language) => {
      const old = inst.webhookSecret;
      const rotated = await rotateWebhookSecret(
        world.t.db,
        world.t.config,
        inst.developerId,
        inst.pluginId,
        1,
      );
      inst.webhookSecret = rotated.webhookSecret;
      const { req, eventId } = await deliverOne({ node: 8201, python: 8202, go: 8203 }[language]);
      expect(String(req.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(run(language, rotated.webhookSecretStandard, req)).toEqual({ ok: true, id: eventId });
      expect(run(language, old, req)).toEqual({ ok: true, id: eventId });
    },
  );
});
