import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z, ZodRawShape } from 'zod';
import { SandboxInstallationDocument } from '../../generated/devcli.generated.js';
import { CliError, graphql, type Credentials, type Operation } from '../client.js';
import type { Contracts } from './contracts.js';

// How every svc mcp tool is declared and answered: a JSON Schema for its input (zod: the SDK's way
// of declaring one), a description written for the assistant, readOnlyHint or a write's hints, the
// result as JSON text, and every failure as a tool error `{"error", "message"}` carrying the
// platform's own code, so that the assistant can branch on it and the server never goes down.

export interface McpContext {
  credentials: Credentials;
  /** Installation keys the developer gave (svc mcp --key, SVC_INSTALLATION_KEY); each is used only for its own sandbox. */
  installationKeys: string[];
  /** Which installation each given key belongs to, asked once (installation-keys.ts). */
  keyInstallations: Map<string, Promise<string | null>>;
  contracts: Contracts;
  /** svc mcp --allow-production-data: get_delivery and get_api_request may read production logs too. */
  allowProductionData: boolean;
  /** SVC_WEBHOOK_SECRET of svc mcp's environment, for verify_signature (never a tool argument). */
  webhookSecret: string | undefined;
}

export class ToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ToolSpec<Shape extends ZodRawShape = ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** Reads only: readOnlyHint. Otherwise a write on one of the caller's sandboxes. */
  readOnly: boolean;
  run: (args: z.infer<z.ZodObject<Shape>>, ctx: McpContext) => Promise<unknown>;
}

export const defineTool = <Shape extends ZodRawShape>(spec: ToolSpec<Shape>): ToolSpec =>
  spec as unknown as ToolSpec;

export function registerTools(server: McpServer, ctx: McpContext, tools: ToolSpec[]): void {
  for (const tool of tools) {
    const annotations = tool.readOnly
      ? { title: tool.title, readOnlyHint: true, openWorldHint: false }
      : {
          title: tool.title,
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: false,
        };
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, annotations },
      async (args: Record<string, unknown>) => answer(() => tool.run(args, ctx)),
    );
  }
}

async function answer(run: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    const value = await run();
    return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
  } catch (err) {
    const { code, message, retryAfterSeconds } = errorOf(err);
    return {
      isError: true,
      content: [
        { type: 'text', text: JSON.stringify({ error: code, message, retryAfterSeconds }) },
      ],
    };
  }
}

/**
 * The platform's code and message; the CLI's one-line form starts with the code, which is not
 * repeated. A rate limit is answered at once (McpContext's credentials), with the wait it asked for.
 */
function errorOf(err: unknown): { code: string; message: string; retryAfterSeconds?: number } {
  if (err instanceof ToolError) return { code: err.code, message: err.message };
  if (err instanceof CliError) {
    const code =
      err.code ?? (err.retryAfterSeconds === undefined ? 'error' : 'rate_limit_exceeded');
    const message = err.message.startsWith(`${code}: `)
      ? err.message.slice(code.length + 2)
      : err.message;
    if (err.retryAfterSeconds === undefined) return { code, message };
    return {
      code,
      message: `${message}: try again in ${err.retryAfterSeconds} s`,
      retryAfterSeconds: err.retryAfterSeconds,
    };
  }
  return { code: 'internal_error', message: err instanceof Error ? err.message : String(err) };
}

/** A portal query whose root field is null for an unknown id (or another developer's): not_found. */
export async function found<R extends object, V>(
  ctx: McpContext,
  document: Operation<R, V>,
  variables: NoInfer<V>,
  what: string,
): Promise<NonNullable<R[keyof R]>> {
  const data = await graphql(ctx.credentials, document, variables);
  const value = Object.values(data)[0] as R[keyof R] | undefined;
  if (value === null || value === undefined) throw new ToolError('not_found', `${what} not found`);
  return value;
}

/** The installation of one of the caller's sandboxes (another developer's sandbox is not_found). */
export async function sandboxInstallation(ctx: McpContext, sandboxId: string): Promise<string> {
  const sandbox = await found(
    ctx,
    SandboxInstallationDocument,
    { s: sandboxId },
    `Sandbox ${sandboxId}`,
  );
  if (!sandbox.installationId)
    throw new ToolError('not_found', `Sandbox ${sandboxId} has no installation`);
  return sandbox.installationId;
}
