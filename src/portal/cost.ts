import {
  GraphQLError,
  getNamedType,
  isObjectType,
  isInterfaceType,
  Kind,
  valueFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
} from 'graphql';
import { pageSizeProblem } from './page-limits.js';

// What an operation costs, counted when it is about to execute, with its variables' values: a
// list's `first` given as `$n` counts as n (graphql-armor's cost-limit, which this replaces, counts
// only integer literals, so `first: $n` cost as one node: security review 4, finding 1). The
// formula is armor's: 1 a scalar, 2 an object, 1.5 times a level's children, a list field times
// its `first` (or `last`, or the argument's default when it is left out), plus a weight per node
// for the fields that read a delivery's request, payload or attempts, whose rows and bodies cost
// far more than a column.

/** Each read of these fields costs this much more than its selection, per node of the list it is in. */
export const NODE_WEIGHTS: Readonly<Record<string, number>> = {
  'WebhookLog.request': 10,
  'WebhookLog.payload': 10,
  'WebhookLog.deliveryAttempts': 10,
};

const SCALAR = 1;
const OBJECT = 2;
const DEPTH_FACTOR = 1.5;

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  operation: OperationDefinitionNode;
  /** Fragments on the current path: a cycle is invalid (validation refuses it), never counted twice. */
  path: Set<string>;
}

/** The cost of the operation `operationName` of `document` (the only one when no name is given). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
    if (
      definition.kind === Kind.OPERATION_DEFINITION &&
      (operationName ? definition.name?.value === operationName : !operation)
    )
      operation = definition;
  }
  if (!operation) return 0;
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return 0;
  const walk: Walk = { schema, fragments, variables: variables ?? {}, operation, path: new Set() };
  return operation.selectionSet.selections.reduce(
    (sum, s) => sum + selectionCost(walk, s, root),
    0,
  );
}

function selectionCost(walk: Walk, node: SelectionNode, parent: GraphQLCompositeType): number {
  if (node.kind === Kind.FIELD) return fieldCost(walk, node, parent);
  if (node.kind === Kind.INLINE_FRAGMENT) {
    const type = node.typeCondition
      ? (walk.schema.getType(node.typeCondition.name.value) as GraphQLCompositeType | undefined)
      : parent;
    return (
      OBJECT +
      node.selectionSet.selections.reduce(
        (sum, s) => sum + DEPTH_FACTOR * selectionCost(walk, s, type ?? parent),
        0,
      )
    );
  }
  const fragment = walk.fragments.get(node.name.value);
  if (!fragment || walk.path.has(node.name.value)) return SCALAR;
  walk.path.add(node.name.value);
  const type =
    (walk.schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined) ??
    parent;
  const inside =
    OBJECT +
    fragment.selectionSet.selections.reduce(
      (sum, s) => sum + DEPTH_FACTOR * selectionCost(walk, s, type),
      0,
    );
  walk.path.delete(node.name.value);
  return SCALAR + DEPTH_FACTOR * inside;
}

function fieldCost(walk: Walk, node: FieldNode, parent: GraphQLCompositeType): number {
  if (node.name.value === '__schema' || node.name.value === '__type') return 0;
  const definition =
    isObjectType(parent) || isInterfaceType(parent)
      ? parent.getFields()[node.name.value]
      : undefined;
  const weight = NODE_WEIGHTS[`${parent.name}.${node.name.value}`] ?? 0;
  if (!node.selectionSet) return SCALAR + weight;
  const type = definition ? (getNamedType(definition.type) as GraphQLCompositeType) : parent;
  const children = node.selectionSet.selections.reduce(
    (sum, s) => sum + DEPTH_FACTOR * selectionCost(walk, s, type),
    0,
  );
  return (OBJECT + weight + children) * pageSize(walk, node, parent, definition);
}

/**
 * The number of nodes a list field is asked for: its `first` (or `last`) as a literal, a variable's
 * value or the argument's default; 1 without one. A value past the field's maximum is refused here
 * as the page-size rule refuses a literal, naming `first`.
 */
function pageSize(
  walk: Walk,
  node: FieldNode,
  parent: GraphQLCompositeType,
  definition: GraphQLField<unknown, unknown> | undefined,
): number {
  const argument = definition?.args.find((a) => a.name === 'first' || a.name === 'last');
  if (!argument) return 1;
  const given = node.arguments?.find((a) => a.name.value === argument.name);
  let value: unknown = argument.defaultValue;
  if (given?.value.kind === Kind.VARIABLE) {
    const name = given.value.name.value;
    const declared = walk.operation.variableDefinitions?.find(
      (v) => v.variable.name.value === name,
    );
    value =
      name in walk.variables
        ? walk.variables[name]
        : declared?.defaultValue
          ? valueFromAST(declared.defaultValue, argument.type)
          : argument.defaultValue;
  } else if (given) {
    value = valueFromAST(given.value, argument.type);
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return 1;
  const problem = pageSizeProblem(`${parent.name}.${node.name.value}`, value);
  if (problem) throw problem.error(given ?? node, value);
  return Math.max(1, value);
}

/** The cost limit's refusal, in the words of the other document limits (limits.ts). */
export const costRefusal = (found: number, max: number): GraphQLError => {
  const problem = `its cost is ${Math.ceil(found)} (1 a scalar, 2 an object, times 1.5 a level, a list times its \`first\`, ${NODE_WEIGHTS['WebhookLog.request']} more a node for request, payload and deliveryAttempts), the limit is ${max} (${Math.ceil(found) - max} over)`;
  return new GraphQLError(
    `The GraphQL document is over the cost limit: ${problem}. Nothing was executed.`,
    {
      extensions: { code: 'validation_error', details: { query: [problem] } },
    },
  );
};
