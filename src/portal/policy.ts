import {
  getDirectiveValues,
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import ipaddr from 'ipaddr.js';
import { AccessError } from '../domain/shared/index.js';
import type { AccessLevel, RateLimitBucket } from '../generated/portal.generated.js';
import type { Principal } from './auth.js';

// Who may call which root field, and which per-IP bucket it is charged to, as the SDL declares
// them (`@access`, `@rateLimited` in src/portal/schema.graphql). The policy is read from the schema
// once at boot and serves twice: before execution, so that a refusal is an HTTP status with the
// spec's body (src/portal/yoga.ts), and around every root resolver, so that nothing the pre-check
// might miss executes unguarded (src/portal/resolvers/index.ts).

/**
 * public: anyone, no credentials. session: a portal session only (never a developer key).
 * read / write: a portal session, or a developer key with plugins:read / plugins:write.
 * operator: a portal session of a platform operator (role `operator`, made with the CLI).
 */
export type Access = AccessLevel;

export type OperationType = 'query' | 'mutation' | 'subscription';

/** Calls per client IP (IPv6: per /64, clientNetwork) and minute of each bucket of `@rateLimited`. */
export const RATE_LIMITS: Record<RateLimitBucket, number> = {
  /** Sign-up and log-in attempts (password guessing, account spam). */
  login: 10,
  /** Acting as the restaurant in a sandbox: the spec's "sandbox operator" limit. */
  simulate: 30,
};

export interface FieldRateLimit {
  bucket: string;
  limit: number;
}

export interface FieldRule {
  access: Access;
  rateLimited?: RateLimitBucket;
}

export interface PortalPolicy {
  /** The rule of a root field; a field the schema does not have gets the default of its operation. */
  rule(operation: OperationType, field: string): FieldRule;
  access(operation: OperationType, field: string): Access;
  /**
   * The per-IP bucket a root field is charged to, once per execution: aliases of a field are as
   * many executions, so one request cannot multiply its budget.
   */
  rateLimit(operation: OperationType, field: string, ip: string): FieldRateLimit | undefined;
}

/** Without `@access`: a query reads, a mutation (or anything else) writes. */
const defaultAccess = (operation: OperationType): Access =>
  operation === 'query' ? 'read' : 'write';

/** Reads `@access` and `@rateLimited` of every root field of the schema. */
export function readPortalPolicy(schema: GraphQLSchema): PortalPolicy {
  const accessDirective = schema.getDirective('access');
  const rateLimitedDirective = schema.getDirective('rateLimited');
  if (!accessDirective || !rateLimitedDirective)
    throw new Error('the portal schema must declare @access and @rateLimited');
  const rules = new Map<string, FieldRule>();
  const roots = {
    query: schema.getQueryType(),
    mutation: schema.getMutationType(),
    subscription: schema.getSubscriptionType(),
  };
  for (const [operation, type] of Object.entries(roots) as [OperationType, typeof roots.query][]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const node = field.astNode;
      const access = node && getDirectiveValues(accessDirective, node)?.level;
      const bucket = node && getDirectiveValues(rateLimitedDirective, node)?.bucket;
      const rule: FieldRule = {
        access: (access as Access | undefined) ?? defaultAccess(operation),
      };
      if (bucket !== undefined) rule.rateLimited = bucket as RateLimitBucket;
      rules.set(`${operation}.${field.name}`, rule);
    }
  }
  const rule = (operation: OperationType, field: string): FieldRule => {
    if (field.startsWith('__')) return { access: 'public' }; // introspection: the schema is public (GraphiQL)
    return rules.get(`${operation}.${field}`) ?? { access: defaultAccess(operation) };
  };
  return {
    rule,
    access: (operation, field) => rule(operation, field).access,
    rateLimit: (operation, field, ip) => {
      const bucket = rule(operation, field).rateLimited;
      return bucket && { bucket: `${bucket}:${clientNetwork(ip)}`, limit: RATE_LIMITS[bucket] };
    },
  };
}

/**
 * The part of a client address its per-IP buckets are keyed by: an IPv4 address (an IPv4-mapped
 * IPv6 one as IPv4), or the /64 of an IPv6 address. A host is handed a whole /64, so each of its
 * addresses as a bucket of its own would multiply its budget by 2^64 (security review 4, finding 3).
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

export function authorize(principal: Principal | null, access: Access, field: string): void {
  if (access === 'public') return;
  if (!principal) {
    throw new AccessError(
      'authentication_failed',
      'Send a portal session or a developer key in Authorization: Bearer.',
    );
  }
  if (access === 'operator') {
    if (principal.kind !== 'session') {
      throw new AccessError(
        'portal_session_required',
        `${field} needs an operator's portal session (log in); a developer key cannot call it.`,
      );
    }
    if (principal.role !== 'operator')
      throw new AccessError('forbidden', `${field} is reserved for platform operators.`);
    return;
  }
  if (principal.kind === 'session') return;
  if (access === 'session') {
    throw new AccessError(
      'portal_session_required',
      `${field} needs a portal session (log in); a developer key cannot call it.`,
    );
  }
  const scope = access === 'read' ? 'plugins:read' : 'plugins:write';
  if (!principal.scopes.includes(scope)) {
    throw new AccessError(
      'insufficient_scope',
      `${field} needs a developer key with the ${scope} scope.`,
    );
  }
}

export interface RequestedOperation {
  operation: 'query' | 'mutation' | 'subscription';
  fields: string[];
}

/**
 * The root fields a request would execute, or undefined when the document does not parse or names
 * no single operation (GraphQL then refuses it with its own error, and nothing executes).
 * Fragment spreads and inline fragments at the root are followed; @skip/@include are ignored,
 * which can only make the check stricter.
 */
export function requestedOperation(
  query: unknown,
  operationName: unknown,
): RequestedOperation | undefined {
  if (typeof query !== 'string') return undefined;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return undefined;
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    typeof operationName === 'string' && operationName !== ''
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  if (!operation) return undefined;
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const fields = new Set<string>();
  const visited = new Set<string>();
  const collect = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) fields.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) collect(fragment.selectionSet);
      }
    }
  };
  collect(operation.selectionSet);
  return { operation: operation.operation, fields: [...fields] };
}
