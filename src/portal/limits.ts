import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';
import { httpError, HttpResponseError } from '../http/error-response.js';
import { pageSizeRule } from './page-limits.js';

// What one GraphQL document may cost. The size, token and nesting limits run on the raw text
// before anything parses it (the parser recurses once per nesting level: a deep document would
// overflow its stack); depth, aliases, directives and cost run as validation rules, so nothing of
// a refused document executes. GraphiQL's introspection query (about 2,100 characters, 190 tokens,
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
  /** graphql-armor's cost: 1 a scalar, 2 an object, times 1.5 for each level of depth. */
  cost: 5_000,
} as const;

const OPEN = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSE = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

const tooExpensive = (problem: string) =>
  new HttpResponseError(httpError(400, 'validation_error', `The GraphQL document is too large: ${problem}.`, { query: [problem] }));

/**
 * Refuses a document over the size, token or nesting limit with 400 validation_error, reading it
 * with the lexer only (no recursion). A lexical error stops the scan: GraphQL reports it itself.
 */
export function checkDocumentLimits(query: string): void {
  if (query.length > DOCUMENT_LIMITS.characters) {
    throw tooExpensive(`it has ${query.length} characters, the limit is ${DOCUMENT_LIMITS.characters}`);
  }
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  let nesting = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > DOCUMENT_LIMITS.tokens) throw tooExpensive(`it has more than ${DOCUMENT_LIMITS.tokens} tokens`);
      if (OPEN.has(token.kind) && ++nesting > DOCUMENT_LIMITS.nesting) {
        throw tooExpensive(`it nests selections, fragments or values more than ${DOCUMENT_LIMITS.nesting} levels deep`);
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
  cost: (found: number) => `its cost is ${found} (1 a scalar, 2 an object, times 1.5 a level, a list times its \`first\`)`,
} as const;
const LIMIT_NAMES = { tokens: 'token', depth: 'depth', aliases: 'alias', directives: 'directive', cost: 'cost' } as const;

/**
 * graphql-armor's refusal ("Syntax Error: ... limit of N exceeded, found M.", no code) as the
 * portal's: validation_error, the limit, what the document has and by how much, in the message and
 * in `details.query`. Thrown from armor's onReject, so it replaces armor's own error.
 */
function refuse(limit: keyof typeof COUNTED) {
  return (_context: unknown, armor: GraphQLError): never => {
    const max = DOCUMENT_LIMITS[limit];
    const found = Math.ceil(Number(/found ([\d.]+)/.exec(armor.message)?.[1] ?? NaN));
    const problem = Number.isFinite(found) ? `${COUNTED[limit](found)}, the limit is ${max} (${found - max} over)` : `${COUNTED[limit](max)}, the limit is ${max}`;
    throw new GraphQLError(`The GraphQL document is over the ${LIMIT_NAMES[limit]} limit: ${problem}. Nothing was executed.`, {
      extensions: { code: 'validation_error', details: { query: [problem] } },
    });
  };
}

/** The same limits inside GraphQL (yoga's parse and validation): nothing reaches execution past them. */
export function documentLimitPlugins() {
  const armor = (limit: keyof typeof COUNTED) => ({ onReject: [refuse(limit)], propagateOnRejection: true });
  return [
    { onValidate: ({ addValidationRule }: { addValidationRule: (rule: typeof pageSizeRule) => void }) => addValidationRule(pageSizeRule) },
    maxTokensPlugin({ n: DOCUMENT_LIMITS.tokens, ...armor('tokens') }),
    maxDepthPlugin({ n: DOCUMENT_LIMITS.depth, flattenFragments: true, ...armor('depth') }),
    maxAliasesPlugin({ n: DOCUMENT_LIMITS.aliases, ...armor('aliases') }),
    maxDirectivesPlugin({ n: DOCUMENT_LIMITS.directives, ...armor('directives') }),
    costLimitPlugin({ maxCost: DOCUMENT_LIMITS.cost, ...armor('cost') }),
  ];
}
