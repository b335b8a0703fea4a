import { GraphQLError, Kind, TypeInfo, visit, visitWithTypeInfo, type ValidationContext } from 'graphql';
import { MAX_API_REQUEST_PAGE } from '../domain/api-requests/index.js';
import { MAX_LOG_PAGE } from '../domain/webhooks/index.js';

// Page sizes: a list field's `first` has a maximum (stated in its SDL description, checked by
// test/portal/abuse-limits.test.ts) and a value past it is validation_error naming the argument.
// A literal is refused here, before the cost limit would count it as that many objects (and refuse
// the document for its cost instead); a variable's value is checked by the component at execution,
// with the same details.

const PAGE_SIZES: Record<string, number> = {
  'Query.webhookLogs': MAX_LOG_PAGE,
  'Query.apiRequests': MAX_API_REQUEST_PAGE,
};

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
              const max = PAGE_SIZES[`${typeInfo.getParentType()?.name}.${field.name.value}`];
              const first = field.arguments?.find((arg) => arg.name.value === 'first');
              if (max === undefined || first?.value.kind !== Kind.INT) return;
              const value = Number(first.value.value);
              if (value >= 1 && value <= max) return;
              const problem = `must be an integer from 1 to ${max}`;
              throw new GraphQLError(`\`first\` ${problem} (got ${first.value.value}): page through the rest with \`after\`.`, {
                nodes: [first],
                extensions: { code: 'validation_error', details: { first: [problem] } },
              });
            },
          }),
        );
      },
    },
  };
}
