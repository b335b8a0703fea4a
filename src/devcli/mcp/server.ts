import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Credentials } from '../client.js';
import { Contracts } from './contracts.js';
import { docsTools } from './docs-tools.js';
import { endpointTools } from './endpoint-tools.js';
import { logTools } from './log-tools.js';
import { sandboxTools } from './sandbox-tools.js';
import { registerTools, type McpContext } from './tool.js';
import { UNTRUSTED_NOTE } from './untrusted.js';
import { verifyTool } from './verify-tool.js';

// svc mcp: a Model Context Protocol server over stdio for a developer's AI assistant. It is a
// client of the platform like the rest of svc (the portal's GraphQL with the developer key, the
// Data API with a sandbox's own installation key, the contracts the service serves), so what it
// can reach is what the developer can: their own sandboxes and logs, never production writes, and
// production logs only when started with --allow-production-data (log-tools.ts).
// stdout belongs to the protocol: nothing else may write there.

const INSTRUCTIONS = `Tools for building a plugin of the Restaurant Plugin Platform against the developer's sandboxes.
Start with search_docs, then get_operation / get_event for exact schemas (the contracts are authoritative).
list_sandboxes gives the sandbox ids the other tools take; call_data_api calls the Data API as a sandbox's installation;
trigger_event produces a real webhook event; list_deliveries / get_delivery / redeliver and list_api_requests / get_api_request
show what happened; verify_signature checks a webhook verifier; list_endpoints / create_endpoint manage a plugin's webhook endpoints. Errors come back as {"error", "message"} with the platform's code.
${UNTRUSTED_NOTE}`;

export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer(
    { name: 'svc', title: 'Restaurant Plugin Platform', version: '1.0.0' },
    { instructions: INSTRUCTIONS },
  );
  registerTools(server, ctx, [
    ...docsTools,
    ...sandboxTools,
    ...logTools,
    verifyTool,
    ...endpointTools,
  ]);
  const contracts: [
    name: string,
    description: string,
    mimeType: string,
    read: () => Promise<string>,
  ][] = [
    [
      'openapi.yaml',
      'The Plugin Data API contract (OpenAPI 3.0), as the connected service serves it.',
      'application/yaml',
      ctx.contracts.openapiYaml,
    ],
    [
      'asyncapi.yaml',
      'The webhook contract (AsyncAPI 3.0): every event, its payload, headers and signatures.',
      'application/yaml',
      ctx.contracts.asyncapiYaml,
    ],
    [
      'schema.graphql',
      "The developer portal's GraphQL schema, by introspection of the connected service.",
      'application/graphql',
      ctx.contracts.sdl,
    ],
  ];
  for (const [name, description, mimeType, read] of contracts) {
    const uri = `svc://contracts/${name}`;
    server.registerResource(name, uri, { title: name, description, mimeType }, async () => ({
      contents: [{ uri, mimeType, text: await read() }],
    }));
  }
  return server;
}

export interface McpOptions {
  installationKeys: string[];
  allowProductionData: boolean;
  webhookSecret: string | undefined;
}

/** Serves MCP on stdin/stdout until the client closes them. */
export async function serveMcp(cliCredentials: Credentials, options: McpOptions): Promise<void> {
  // A rate limit is answered at once: the assistant's client would give up waiting (client.ts).
  const credentials = { ...cliCredentials, waitOnRateLimit: false };
  const ctx: McpContext = {
    credentials,
    keyInstallations: new Map(),
    contracts: new Contracts(credentials),
    ...options,
  };
  const server = createMcpServer(ctx);
  // The client ends the session by closing our stdin (or with a close of the protocol).
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await server.close();
}
