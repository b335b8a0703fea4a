// The portal's floor as a GraphQL server (the `floor, graphql-js` target of `make bench`): bare
// `node:http`, graphql-js `execute` of the request's document (parsed and validated once per
// distinct document, as a server with a document cache does) against the portal's SDL and scalars,
// and resolvers that run bench/floor/portal.ts: one HMAC check of the session, then the developer,
// the ownership check and the page with the service's statements. Nothing else: no Fetch API
// adapter, no plugins, no document limits, no rate-limit write. The portal serves a GraphQL
// contract, so a GraphQL engine is part of its least correct work; what graphql-yoga adds above
// this is the service's to trim.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import {
  GraphQLError,
  execute,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
} from 'graphql';
import { createSchema } from 'graphql-yoga';
import { DateTimeScalar, JSONScalar } from '../../src/portal/scalars.js';
import { send } from './common.js';
import { firstPage, sessionDeveloper } from './portal.js';

interface Context {
  developerId: number;
}

const page =
  (field: 'webhookLogs' | 'apiRequests') =>
  async (_: unknown, args: { installationId: string }, ctx: Context) => {
    const found = await firstPage(ctx.developerId, field, Number(args.installationId));
    if (found === 'unauthenticated') throw new GraphQLError('authentication_failed');
    if (!found) throw new GraphQLError('not_found');
    return found;
  };

// createSchema is graphql-tools' makeExecutableSchema (what the service builds its schema with),
// used here for the schema only: requests never pass through yoga.
const schema = createSchema<Context>({
  typeDefs: readFileSync(new URL('../../src/portal/schema.graphql', import.meta.url), 'utf8'),
  resolvers: {
    DateTime: DateTimeScalar,
    JSON: JSONScalar,
    Query: { webhookLogs: page('webhookLogs'), apiRequests: page('apiRequests') },
  },
});

/** Each distinct document's parse and validation, done once. */
const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();
function documentOf(source: string): DocumentNode | readonly GraphQLError[] {
  let doc = documents.get(source);
  if (!doc) {
    try {
      const parsed = parse(source);
      const errors = validate(schema, parsed);
      doc = errors.length ? errors : parsed;
    } catch (err) {
      doc = [err as GraphQLError];
    }
    documents.set(source, doc);
  }
  return doc;
}

async function handle(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
): Promise<void> {
  if (req.url === '/healthz') return send(res, 200, { ok: true });
  if (req.method !== 'POST' || req.url !== '/graphql')
    return send(res, 404, { error: 'not_found' });
  const developerId = sessionDeveloper(req.headers.authorization);
  if (developerId === null)
    return send(res, 401, { errors: [{ message: 'authentication_failed' }] });
  const request = JSON.parse(body.toString('utf8')) as {
    query: string;
    variables?: Record<string, unknown>;
    operationName?: string;
  };
  const document = documentOf(request.query);
  if (Array.isArray(document)) return send(res, 400, { errors: document });
  const result = (await execute({
    schema,
    document: document as DocumentNode,
    variableValues: request.variables,
    operationName: request.operationName,
    contextValue: { developerId } satisfies Context,
  })) as ExecutionResult;
  send(res, 200, result);
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    handle(req, res, Buffer.concat(chunks)).catch(() =>
      send(res, 500, { errors: [{ message: 'internal_error' }] }),
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
