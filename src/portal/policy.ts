import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { AccessError } from '../domain/shared/index.js';
import type { Principal } from './auth.js';

// Who may call which root field. One table serves twice: before execution, so that a refusal is
// an HTTP status with the spec's body (src/portal/yoga.ts), and around every root resolver, so
// that nothing the pre-check might miss executes unguarded (src/portal/resolvers/index.ts).

/**
 * public: anyone, no credentials. session: a portal session only (never a developer key).
 * read / write: a portal session, or a developer key with plugins:read / plugins:write.
 * operator: a portal session of a platform operator (role `operator`, made with the CLI).
 */
export type Access = 'public' | 'session' | 'read' | 'write' | 'operator';

/** The platform operator's fields: listing review, production onboarding and the restaurant side in production. */
const OPERATOR_FIELDS = [
  'listings',
  'organization',
  'reviewPlugin',
  'createOrganization',
  'createLocation',
  'installPlugin',
  'completeCheckout',
  'removeInstallation',
  'runTrialSweep',
  'runSandboxIdleSweep',
  'posOrder',
  'posReleaseOrder',
  'posAddItems',
  'posOrderPrepared',
  'posSale',
  'posFailedPayment',
  'posRefund',
  'posMenuItemCreated',
  'posMenuItemDeleted',
] as const;

const EXCEPTIONS: Record<string, Access> = {
  signUp: 'public',
  logIn: 'public',
  // Key management and agreements need a person at a browser: a script's key cannot mint another.
  acceptDeveloperAgreement: 'session',
  developerKeys: 'session',
  createDeveloperKey: 'session',
  revokeDeveloperKey: 'session',
  ...Object.fromEntries(OPERATOR_FIELDS.map((field) => [field, 'operator'])),
};

/** Root fields whose calls count against the per-IP log-in bucket. */
export const LOGIN_FIELDS = new Set(['signUp', 'logIn']);
/** Sign-up and log-in attempts per client IP and minute (password guessing, account spam). */
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;

/**
 * Root fields that act as the restaurant in a developer's sandbox (`simulate*`). They count
 * against a per-IP bucket: the spec's "sandbox operator" limit of 30 requests a minute.
 */
export const isSimulationField = (field: string) => field.startsWith('simulate');
export const SIMULATIONS_PER_MINUTE = 30;

export interface FieldRateLimit {
  bucket: string;
  limit: number;
}

/**
 * The per-IP bucket a root field is charged to, once per execution: aliases of a field are as
 * many executions, so one request cannot multiply its budget.
 */
export function fieldRateLimit(field: string, ip: string): FieldRateLimit | undefined {
  if (LOGIN_FIELDS.has(field)) return { bucket: `login:${ip}`, limit: LOGIN_ATTEMPTS_PER_MINUTE };
  if (isSimulationField(field)) return { bucket: `simulate:${ip}`, limit: SIMULATIONS_PER_MINUTE };
  return undefined;
}

export function fieldAccess(operation: 'query' | 'mutation' | 'subscription', field: string): Access {
  if (field.startsWith('__')) return 'public'; // introspection: the schema is public (GraphiQL)
  return EXCEPTIONS[field] ?? (operation === 'query' ? 'read' : 'write');
}

export function authorize(principal: Principal | null, access: Access, field: string): void {
  if (access === 'public') return;
  if (!principal) {
    throw new AccessError('authentication_failed', 'Send a portal session or a developer key in Authorization: Bearer.');
  }
  if (access === 'operator') {
    if (principal.kind !== 'session') {
      throw new AccessError('portal_session_required', `${field} needs an operator's portal session (log in); a developer key cannot call it.`);
    }
    if (principal.role !== 'operator') throw new AccessError('forbidden', `${field} is reserved for platform operators.`);
    return;
  }
  if (principal.kind === 'session') return;
  if (access === 'session') {
    throw new AccessError('portal_session_required', `${field} needs a portal session (log in); a developer key cannot call it.`);
  }
  const scope = access === 'read' ? 'plugins:read' : 'plugins:write';
  if (!principal.scopes.includes(scope)) {
    throw new AccessError('insufficient_scope', `${field} needs a developer key with the ${scope} scope.`);
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
export function requestedOperation(query: unknown, operationName: unknown): RequestedOperation | undefined {
  if (typeof query !== 'string') return undefined;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return undefined;
  }
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
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
