import {
  GraphQLError,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type ValidationContext,
} from 'graphql';
import { MAX_API_REQUEST_PAGE } from '../domain/api-requests/index.js';
import { MAX_LOG_PAGE } from '../domain/webhooks/index.js';

// Page sizes: a list field's `first` has a maximum (stated in its SDL description, checked by
// test/portal/abuse-limits.test.ts) and a value past it is validation_error naming the argument.
// A literal is refused here, before the cost limit would count it as that many objects (and refuse
// the document for its cost instead); a variable's value is refused the same way by the cost limit
// (cost.ts), which counts it when the operation is about to execute, and again by the component.

const PAGE_SIZES: Record<string, number> = {
  'Query.webhookLogs': MAX_LOG_PAGE,
  'Query.webhookDeliveries': MAX_LOG_PAGE,
  'Query.apiRequests': MAX_API_REQUEST_PAGE,
};

/** A `first` past the maximum of `field` (`Type.field`): the refusal to throw, with the argument's node; undefined within it. */
export function pageSizeProblem(field: string, value: number) {
  const max = PAGE_SIZES[field];
  if (max === undefined || (Number.isInteger(value) && value >= 1 && value <= max))
    return undefined;
  const problem = `must be an integer from 1 to ${max}`;
  return {
    error: (node: ASTNode, shown: unknown) =>
      new GraphQLError(
        `\`first\` ${problem} (got ${String(shown)}): page through the rest with \`after\`.`,
        {
          nodes: [node],
          extensions: { code: 'validation_error', details: { first: [problem] } },
        },
      ),
  };
}

/** The validation rule: it reads the whole document when it starts, before any other rule's operation. */
export function pageSizeRule(context: ValidationContext) {
  return {
    Document: {
      enter(document: Parameters<typeof visit>[0]) {
        const typeInfo = new TypeInfo(context.getSchema());
        visit(
          document,
          visitWithTypeInfo(typeInfo, {
            Field(field) {
              const first = field.arguments?.find((arg) => arg.name.value === 'first');
              if (first?.value.kind !== Kind.INT) return;
              const problem = pageSizeProblem(
                `${typeInfo.getParentType()?.name}.${field.name.value}`,
                Number(first.value.value),
              );
              if (problem) throw problem.error(first, first.value.value);
            },
          }),
        );
      },
    },
  };
}
