import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  json,
  startHostilePlatform,
  SVC,
  type HostilePlatform,
} from '../support/hostile-platform.js';

// Security review 4, finding 12: svc mcp under the portal's rate limit. The CLI waits out a 429
// (up to a minute) and tries again; an assistant's client gives up on a tool call after 60 s, so
// svc mcp answers the limit at once, with the wait the platform asked for. The platform here is a
// scripted local server (test/support/hostile-platform.ts) that refuses every request.

let platform: HostilePlatform;
let client: Client;

beforeAll(async () => {
  platform = await startHostilePlatform((_call, res) =>
    json(res, { error: 'rate_limit_exceeded', message: 'Rate limit exceeded' }, 429, {
      'retry-after': '30',
    }),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SVC, 'mcp'],
    env: {
      ...(process.env as Record<string, string>),
      SVC_BASE_URL: platform.url,
      SVC_API_KEY: 'svc_dev_x',
      SVC_INSTALLATION_KEY: '',
      XDG_CONFIG_HOME: '/nonexistent-svc-config',
      NODE_OPTIONS: '',
    },
    stderr: 'pipe',
  });
  client = new Client({ name: 'svc-mcp-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await platform.close();
});

describe('svc mcp under the rate limit', () => {
  it('when the portal answers 429, then the tool answers rate_limit_exceeded with the wait at once, after one request', async () => {
    for (const [tool, args] of [
      ['get_api_request', { requestId: 'req-abcdefgh-1' }],
      ['get_delivery', { logId: '1' }],
      ['list_sandboxes', {}],
    ] as const) {
      const before = platform.calls.length;
      const started = Date.now();
      const result = (await client.callTool({ name: tool, arguments: args })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      expect({
        tool,
        isError: result.isError,
        answer: JSON.parse(result.content[0]!.text),
      }).toEqual({
        tool,
        isError: true,
        answer: {
          error: 'rate_limit_exceeded',
          message: expect.stringMatching(/30 s/),
          retryAfterSeconds: 30,
        },
      });
      expect({
        tool,
        ms: Date.now() - started < 5_000,
        calls: platform.calls.length - before,
      }).toEqual({ tool, ms: true, calls: 1 });
    }
  }, 40_000);
});
