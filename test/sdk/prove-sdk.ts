// The SDK proof (`make sdk-proof`): what a client team does with openapi.yaml, end to end.
//   1. generate clients with third-party generators: openapi-typescript (types for openapi-fetch)
//      and @hey-api/openapi-ts (an SDK with one function per operationId), into .sdk/
//   2. type-check them together with examples/ (test/sdk/tsconfig.json)
//   3. start the service as `make run` does (embedded PostgreSQL, demo data) on a free port with
//      its data in a temporary directory, then run examples/plugin (--once) and examples/hey-api
//      against it; any failure fails the proof.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SDK_DIR = path.join(ROOT, '.sdk');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

function step(title: string): void {
  console.log(`\n== ${title}`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(command)} ${args.join(' ')} exited with ${result.status ?? result.signal}`,
    );
}

export function generateSdks(): void {
  rmSync(SDK_DIR, { recursive: true, force: true });
  run(bin('openapi-typescript'), ['openapi.yaml', '-o', '.sdk/openapi-typescript/openapi.d.ts']);
  run(bin('openapi-ts'), ['-i', 'openapi.yaml', '-o', '.sdk/hey-api']);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealth(
  baseUrl: string,
  service: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.exitCode !== null)
      throw new Error(`the service exited with ${service.exitCode} before it was ready`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the service did not answer ${baseUrl}/healthz within ${timeoutMs / 1000}s`);
}

/** SIGTERM lets the service stop its embedded PostgreSQL; the process group is killed if it hangs. */
async function stop(service: ChildProcess): Promise<void> {
  if (service.exitCode !== null || service.pid === undefined) return;
  const exited = new Promise((resolve) => service.once('exit', resolve));
  service.kill('SIGTERM');
  const timer = setTimeout(() => process.kill(-service.pid!, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function main(): Promise<void> {
  step('Generate clients from openapi.yaml (openapi-typescript, @hey-api/openapi-ts) into .sdk/');
  generateSdks();
  if (process.argv.includes('--generate-only')) return;

  step('Type-check the generated clients with examples/ (tsc -p test/sdk/tsconfig.json)');
  run(bin('tsc'), ['--noEmit', '-p', 'test/sdk/tsconfig.json']);

  step('Start the service with demo data (embedded PostgreSQL, temporary SVC_DATA_DIR)');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-sdk-proof-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const service = spawn(bin('tsx'), ['src/main.ts', 'dev'], {
    cwd: ROOT,
    detached: true, // its own process group, so that a hung service can be killed whole
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      SVC_DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const banner: string[] = [];
  service.stdout!.on('data', (chunk: Buffer) => banner.push(chunk.toString()));
  try {
    await waitForHealth(baseUrl, service, 120_000);
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
    ) as { sandbox: { api_key: string; webhook_secret: string } };
    console.log(
      `listening on ${baseUrl}, demo sandbox key ${credentials.sandbox.api_key.slice(0, 12)}...`,
    );
    const env = {
      BASE_URL: baseUrl,
      PLUGIN_API_KEY: credentials.sandbox.api_key,
      WEBHOOK_SECRET: credentials.sandbox.webhook_secret,
      WEBHOOK_PORT: '0',
    };

    step('Run examples/plugin --once (openapi-fetch client)');
    run(bin('tsx'), ['examples/plugin/main.ts', '--once'], env);

    step('Run examples/hey-api (@hey-api/openapi-ts SDK)');
    run(bin('tsx'), ['examples/hey-api/main.ts'], env);
  } catch (err) {
    if (banner.length > 0) console.error(`service output:\n${banner.join('')}`);
    throw err;
  } finally {
    await stop(service);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    '\nSDK proof passed: both generated clients type-check and work against a live server.',
  );
}

main().catch((err: unknown) => {
  console.error(`\nSDK proof failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
