import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  json,
  startHostilePlatform,
  startSvc,
  streamEvent,
  type GraphQLCall,
  type HostilePlatform,
  type SvcProcess,
} from '../support/hostile-platform.js';
import { waitUntil } from '../support/webhook-receiver.js';

// Security review 3, finding 15: what `svc listen` / `svc logs tail` do with a platform that
// misbehaves (test/support/hostile-platform.ts): a stream framed with CR or CRLF, a frame that never
// ends, escape sequences in strings, result reports refused under the rate limit; and a local
// server that never answers. Each sandbox id names what its first stream connection sends.

const NEXT = (n: number, event?: string) =>
  `event: next\ndata: ${JSON.stringify(streamEvent(n, event))}\n\n`;
const ESCAPED = '\x1b]0;owned\x07order.created\x1b[2J\u009b31m\u202e';
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

const STREAMS: Record<string, (res: http.ServerResponse) => void> = {
  timeout: (res) => res.write(NEXT(101) + NEXT(102)),
  framing: (res) => {
    const frame = (n: number, eol: string) =>
      `event: next${eol}data: ${JSON.stringify(streamEvent(n))}${eol}${eol}`;
    const crlf = frame(201, '\r\n');
    // The first frame's CRLF is cut between two writes, as TCP may cut it.
    res.write(crlf.slice(0, -3));
    setTimeout(() => res.write(crlf.slice(-3) + frame(202, '\r') + frame(203, '\n')), 200);
  },
  huge: (res) => {
    res.write('event: next\ndata: ');
    for (let i = 0; i < 5; i++) res.write('x'.repeat(256 * 1024));
  },
  escapes: (res) => res.write(NEXT(301, ESCAPED)),
  reports: (res) => res.write(NEXT(401) + NEXT(402) + NEXT(403)),
};

let platform: HostilePlatform;
let local: http.Server;
let localUrl: string;
let refuseReports = 0;
const streamed = new Set<string>();
const children: SvcProcess[] = [];

function answer(call: GraphQLCall, res: http.ServerResponse): void {
  const v = call.variables;
  if (call.query.includes('webhookStreamCursor'))
    return json(res, { data: { webhookStreamCursor: 'c0' } });
  if (call.stream) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (!streamed.has(v.s)) STREAMS[v.s]?.(res);
    streamed.add(v.s);
    return;
  }
  if (call.query.includes('reportWebhookStreamResult')) {
    if (refuseReports-- > 0)
      return json(res, { error: 'rate_limit_exceeded', message: 'Rate limit exceeded' }, 429, {
        'retry-after': '1',
      });
    return json(res, { data: { reportWebhookStreamResult: { id: v.id } } });
  }
  if (call.query.includes('sandbox(id'))
    return json(res, { data: { sandbox: { installationId: '1' } } });
  if (call.query.includes('webhookLogs')) {
    const node = {
      id: '9',
      direction: 'inbound',
      eventType: ESCAPED,
      status: 'rejected',
      httpStatus: 422,
      attempts: 1,
      sequence: null,
      listenerHttpStatus: null,
      createdAt: '2026-01-01T00:00:00Z',
    };
    return json(res, { data: { webhookLogs: { nodes: [node] } } });
  }
  json(res, {
    errors: [
      {
        message: 'no such log \x1b]8;;https://evil.example\x07click\x1b]8;;\x07',
        extensions: { code: 'not_found' },
      },
    ],
  });
}

beforeAll(async () => {
  platform = await startHostilePlatform(answer);
  // The local endpoint: /hang never answers, anything else answers 200.
  local = http.createServer((req, res) => {
    req.resume();
    if (req.url !== '/hang') res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  localUrl = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const svc of children) svc.child.kill('SIGKILL');
  local.closeAllConnections();
  await new Promise((resolve) => local.close(resolve));
  await platform.close();
});

function svc(args: string[]): SvcProcess {
  const started = startSvc(args, {
    SVC_BASE_URL: platform.url,
    SVC_API_KEY: 'svc_dev_x',
    XDG_CONFIG_HOME: '/nonexistent-svc-config',
  });
  children.push(started);
  return started;
}
const jsonLines = (svc: SvcProcess) =>
  svc
    .stdout()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
const reportsOf = (ids: string[]) =>
  platform.calls.filter(
    (c) => c.query.includes('reportWebhookStreamResult') && ids.includes(c.variables.id),
  );

describe('svc listen against a misbehaving platform or local server', () => {
  it('when the local server never answers, then each forward gives up after --forward-timeout and is reported as status 0 (timeout)', async () => {
    const listen = svc([
      'listen',
      '--sandbox',
      'timeout',
      '--forward-to',
      `${localUrl}/hang`,
      '--forward-timeout',
      '1',
      '--json',
    ]);
    await waitUntil(
      () => jsonLines(listen).filter((l) => l.logId).length === 2,
      20_000,
      `two forwards (${listen.stderr()})`,
    );
    for (const line of jsonLines(listen).filter((l) => l.logId)) {
      expect(line).toMatchObject({ status: 0, error: 'timeout' });
      expect(line.ms).toBeGreaterThanOrEqual(990);
      expect(line.ms).toBeLessThan(5000);
    }
    await waitUntil(() => reportsOf(['101', '102']).length === 2, 10_000, 'the two reports');
    expect(reportsOf(['101', '102']).map((c) => c.variables.s)).toEqual([0, 0]);
  }, 30_000);

  it('when frames end with CRLF CRLF, CR CR or LF LF, then each is one event', async () => {
    const tail = svc(['logs', 'tail', '--sandbox', 'framing', '--json']);
    await waitUntil(
      () => jsonLines(tail).length === 3,
      20_000,
      `three events (${tail.stdout()} ${tail.stderr()})`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(jsonLines(tail).map((l) => l.logId)).toEqual(['201', '202', '203']);
  }, 30_000);

  it('when a frame grows past 1 MiB without ending, then svc drops the connection with a clear error', async () => {
    const tail = svc(['logs', 'tail', '--sandbox', 'huge', '--json']);
    await waitUntil(
      () => /frame larger than 1 MiB/.test(tail.stderr()),
      20_000,
      `the oversized frame error (${tail.stderr()})`,
    );
    expect(tail.stderr()).toMatch(
      /^svc: stream dropped \(the platform sent a stream frame larger than 1 MiB\); reconnecting/,
    );
  }, 30_000);

  it('when the platform sends escape sequences in event names, log labels or errors, then svc prints them without control characters', async () => {
    const tail = svc(['logs', 'tail', '--sandbox', 'escapes']);
    await waitUntil(
      () => tail.stdout().includes('dlv_301'),
      20_000,
      `the event line (${tail.stderr()})`,
    );
    // Whole sequences go, not only their ESC: no `]0;owned` or `[2J` left over.
    expect(tail.stdout()).toMatch(/Z {2}order\.created +dlv_301/);
    expect(tail.stdout()).not.toMatch(CONTROL);

    const list = svc(['events', 'list', '--sandbox', 'escapes']);
    expect(await list.done).toBe(0);
    expect(list.stdout()).toContain('order.created');
    expect(list.stdout()).not.toMatch(CONTROL);

    const resend = svc(['events', 'resend', '7']);
    expect(await resend.done).toBe(1);
    expect(resend.stderr()).toMatch(/^svc: not_found: no such log/);
    expect(resend.stderr().trimEnd()).not.toMatch(CONTROL);
  }, 30_000);

  it('when result reports are refused under the rate limit, then svc says so once on stderr and reports them all after the wait', async () => {
    refuseReports = 2;
    const listen = svc([
      'listen',
      '--sandbox',
      'reports',
      '--forward-to',
      `${localUrl}/ok`,
      '--json',
    ]);
    await waitUntil(
      () => jsonLines(listen).filter((l) => l.logId).length === 3,
      20_000,
      `three forwards (${listen.stderr()})`,
    );
    await waitUntil(
      () => reportsOf(['401', '402', '403']).length === 5,
      20_000,
      `the reports sent again (${listen.stderr()})`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = reportsOf(['401', '402', '403']).map((c) => `${c.variables.id}:${c.variables.s}`);
    expect(sent.slice(2)).toEqual(['401:200', '402:200', '403:200']);
    expect(listen.stderr().match(/could not report/g)).toHaveLength(1);
    expect(listen.stderr()).toMatch(
      /could not report local results to the platform \(rate_limit_exceeded: Rate limit exceeded\); retrying in 1 s/,
    );
  }, 40_000);
});
