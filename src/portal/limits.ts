import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import {
  GraphQLError,
  Lexer,
  Source,
  TokenKind,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { costRefusal, operationCost } from './cost.js';
import { httpError, HttpResponseError } from '../http/error-response.js';
import { pageSizeRule } from './page-limits.js';
import { responseTooLarge, type ResponseBudget } from './response-budget.js';

// What one GraphQL document may cost. The size, token and nesting limits run on the raw text
// before anything parses it (the parser recurses once per nesting level: a deep document would
// overflow its stack); depth, aliases and directives run as validation rules, so nothing of a
// refused document executes. The cost is counted when the operation is about to execute, with
// its variables' values (cost.ts); a response's bodies and payloads are bounded while it executes
// (response-budget.ts). GraphiQL's introspection query (about 2,100 characters, 190 tokens,
// nesting 10) is far inside every limit.

export const DOCUMENT_LIMITS = {
  /** Characters of the query text. */
  characters: 20_000,
  /** Lexical tokens (punctuation, names, values; comments do not count). */
  tokens: 2_000,
  /** Open { [ ( at any point: selections, inline fragments, list and object values, arguments. */
  nesting: 40,
  /** Field depth of an operation (fragments add none); the schema's deepest useful selection is 4. */
  depth: 10,
  /** Aliased fields in an operation, all levels. */
  aliases: 30,
  directives: 50,
  /** Cost (cost.ts): 1 a scalar, 2 an object, times 1.5 for each level of depth, a list times its `first` (a variable's value too). */
  cost: 5_000,
} as const;

const OPEN = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSE = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

const tooExpensive = (problem: string) =>
  new HttpResponseError(
    httpError(400, 'validation_error', `The GraphQL document is too large: ${problem}.`, {
      query: [problem],
    }),
  );

/**
 * Refuses a document over the size, token or nesting limit with 400 validation_error, reading it
 * with the lexer only (no recursion). A lexical error stops the scan: GraphQL reports it itself.
 */
export function checkDocumentLimits(query: string): void {
  if (query.length > DOCUMENT_LIMITS.characters) {
    throw tooExpensive(
      `it has ${query.length} characters, the limit is ${DOCUMENT_LIMITS.characters}`,
    );
  }
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  let nesting = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > DOCUMENT_LIMITS.tokens)
        throw tooExpensive(`it has more than ${DOCUMENT_LIMITS.tokens} tokens`);
      if (OPEN.has(token.kind) && ++nesting > DOCUMENT_LIMITS.nesting) {
        throw tooExpensive(
          `it nests selections, fragments or values more than ${DOCUMENT_LIMITS.nesting} levels deep`,
        );
      }
      if (CLOSE.has(token.kind)) nesting--;
    }
  } catch (err) {
    if (err instanceof GraphQLError) return;
    throw err;
  }
}

/** What each limit counts, as a refusal says it (the token limit stops the lexer: no count). */
const COUNTED = {
  tokens: () => `it has more than ${DOCUMENT_LIMITS.tokens} tokens`,
  depth: (found: number) => `it selects fields ${found} levels deep`,
  aliases: (found: number) => `it has ${found} aliased fields`,
  directives: (found: number) => `it has ${found} directives`,
} as const;
const LIMIT_NAMES = {
  tokens: 'token',
  depth: 'depth',
  aliases: 'alias',
  directives: 'directive',
} as const;

/**
 * graphql-armor's refusal ("Syntax Error: ... limit of N exceeded, found M.", no code) as the
 * portal's: validation_error, the limit, what the document has and by how much, in the message and
 * in `details.query`. Thrown from armor's onReject, so it replaces armor's own error.
 */
function refuse(limit: keyof typeof COUNTED) {
  return (_context: unknown, armor: GraphQLError): never => {
    const max = DOCUMENT_LIMITS[limit];
    const found = Math.ceil(Number(/found ([\d.]+)/.exec(armor.message)?.[1] ?? NaN));
    const problem = Number.isFinite(found)
      ? `${COUNTED[limit](found)}, the limit is ${max} (${found - max} over)`
      : `${COUNTED[limit](max)}, the limit is ${max}`;
    throw new GraphQLError(
      `The GraphQL document is over the ${LIMIT_NAMES[limit]} limit: ${problem}. Nothing was executed.`,
      {
        extensions: { code: 'validation_error', details: { query: [problem] } },
      },
    );
  };
}

/** The same limits inside GraphQL (yoga's parse and validation): nothing reaches execution past them. */
export function documentLimitPlugins() {
  const armor = (limit: keyof typeof COUNTED) => ({
    onReject: [refuse(limit)],
    propagateOnRejection: true,
  });
  return [
    {
      onValidate: ({
        addValidationRule,
      }: {
        addValidationRule: (rule: typeof pageSizeRule) => void;
      }) => addValidationRule(pageSizeRule),
    },
    maxTokensPlugin({ n: DOCUMENT_LIMITS.tokens, ...armor('tokens') }),
    maxDepthPlugin({ n: DOCUMENT_LIMITS.depth, flattenFragments: true, ...armor('depth') }),
    maxAliasesPlugin({ n: DOCUMENT_LIMITS.aliases, ...armor('aliases') }),
    maxDirectivesPlugin({ n: DOCUMENT_LIMITS.directives, ...armor('directives') }),
    executionLimits,
  ];
}

type OnExecute = {
  args: ExecutionArgs;
  setResultAndStopExecution: (result: ExecutionResult) => void;
};

/**
 * At execution: the cost with the variables' values (refused before any resolver runs), then the
 * response as one response_too_large error when its bodies and payloads went past its budget.
 */
const executionLimits = {
  onExecute({ args, setResultAndStopExecution }: OnExecute) {
    try {
      const cost = operationCost(
        args.schema,
        args.document,
        args.operationName,
        args.variableValues,
      );
      if (cost > DOCUMENT_LIMITS.cost)
        return setResultAndStopExecution({ errors: [costRefusal(cost, DOCUMENT_LIMITS.cost)] });
    } catch (err) {
      if (err instanceof GraphQLError) return setResultAndStopExecution({ errors: [err] });
      throw err;
    }
    const budget = (args.contextValue as { responseBudget?: ResponseBudget } | undefined)
      ?.responseBudget;
    return {
      onExecuteDone({
        result,
        setResult,
      }: {
        result: unknown;
        setResult: (result: ExecutionResult) => void;
      }) {
        if (budget?.exceeded && !isAsyncIterable(result))
          setResult({ errors: [responseTooLarge(budget.limit)] });
      },
    };
  },
};

const isAsyncIterable = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
