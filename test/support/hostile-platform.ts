import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A platform the svc CLI can be pointed at that is not the service: a plain HTTP server on
// 127.0.0.1 answering /graphql as each test scripts it. It shows what svc does with what the real
// service never sends (a compromised or impersonated platform: odd SSE framing, endless frames,
// escape sequences in strings, refusals of the result reports).

export interface GraphQLCall {
  query: string;
  variables: Record<string, any>;
  authorization: string | undefined;
  /** True for a subscription asked for as Server-Sent Events. */
  stream: boolean;
}

export type Answer = (call: GraphQLCall, res: http.ServerResponse) => void;

export interface HostilePlatform {
  url: string;
  calls: GraphQLCall[];
  close(): Promise<void>;
}

export async function startHostilePlatform(answer: Answer): Promise<HostilePlatform> {
  const calls: GraphQLCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const call = {
        query: String(body.query ?? ''),
        variables: body.variables ?? {},
        authorization: req.headers.authorization,
        stream: req.headers.accept === 'text/event-stream',
      };
      calls.push(call);
      answer(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A GraphQL JSON answer. */
export function json(
  res: http.ServerResponse,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));
}

/** A webhookStream payload as the stream's `next` event carries it. */
export const streamEvent = (n: number, event = 'order.created') => ({
  data: {
    webhookStream: {
      logId: String(n),
      deliveryId: `dlv_${n}`,
      event,
      headers: [{ name: 'x-svc-event', value: event }],
      body: `{"n":${n}}`,
      installationId: '1',
      sequence: n,
      cursor: `c${n}`,
    },
  },
});

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SVC = path.join(ROOT, 'bin/svc.mjs');

export interface SvcProcess {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  done: Promise<number | null>;
}

/** Starts the real svc CLI (bin/svc.mjs) as a child process. */
export function startSvc(args: string[], env: NodeJS.ProcessEnv): SvcProcess {
  const child = spawn(process.execPath, [SVC, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const done = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, stdout: () => stdout, stderr: () => stderr, done };
}
