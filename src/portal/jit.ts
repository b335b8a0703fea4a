import { useGraphQlJit } from '@envelop/graphql-jit';
import {
  GraphQLError,
  Kind,
  getOperationAST,
  visit,
  BREAK,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type Source,
} from 'graphql';

// The portal's hot documents (the dashboard's and the tools' pages of a log) run compiled by
// graphql-jit: a query is compiled once per parsed document (yoga's parser cache keeps the
// document object, and the compiled query is kept with it) instead of being walked field by field
// on each request. Everything else, mutations and subscriptions included, runs on yoga's executor.
// The answers stay those of yoga's executor (test/portal/jit-parity.test.ts): a document with a
// directive, or a fragment beside other selections, is not compiled (graphql-jit orders such
// selections its own way); variables that do not coerce are answered by yoga's executor (its
// messages, its 400); an error graphql-jit located gets back its source positions (it keeps only
// the locations) and `errors` comes before `data`.

/** Root query fields whose documents are compiled: the pages read again and again. */
const HOT_FIELDS = new Set(['webhookLogs', 'apiRequests']);

/** A query that selects only hot fields at its root, and is plain (below). */
export function isHotDocument(
  document: DocumentNode,
  operationName: string | null | undefined,
): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== 'query') return false;
  const hotRoot = operation.selectionSet.selections.every(
    (s) => s.kind === Kind.FIELD && HOT_FIELDS.has(s.name.value),
  );
  return hotRoot && plain(document);
}

/**
 * No directive, and a fragment only as the whole of its selection (`nodes { ...Row }`): graphql-jit
 * merges a fragment's fields with their siblings in an order of its own.
 */
function plain(document: DocumentNode): boolean {
  let found = false;
  const stop = () => {
    found = true;
    return BREAK;
  };
  visit(document, {
    Directive: stop,
    SelectionSet: (set) =>
      set.selections.length > 1 && set.selections.some((s) => s.kind !== Kind.FIELD)
        ? stop()
        : undefined,
  });
  return !found;
}

type Execute = (args: ExecutionArgs) => unknown;
type OnExecute = {
  args: ExecutionArgs;
  executeFn: Execute;
  setExecuteFn: (execute: Execute) => void;
};

/** The plugin that executes the hot documents with graphql-jit. */
export function hotDocumentsJit() {
  // Each document's decision, by operation name (a document is parsed once and kept by yoga).
  const decided = new WeakMap<DocumentNode, Map<string, boolean>>();
  const hot = ({ document, operationName }: ExecutionArgs): boolean => {
    let byName = decided.get(document);
    if (!byName) decided.set(document, (byName = new Map()));
    const name = operationName ?? '';
    let known = byName.get(name);
    if (known === undefined) byName.set(name, (known = isHotDocument(document, operationName)));
    return known;
  };
  // A document that does not compile is left to yoga's executor (above), which reports it.
  const jit = useGraphQlJit({}, { enableIf: hot, onError: () => {} }) as {
    onExecute: (payload: OnExecute) => unknown;
  };
  return {
    onExecute(payload: OnExecute) {
      const fallback = payload.executeFn;
      let compiled: Execute | undefined;
      // enableIf (hot) answers at once: the plugin has chosen by the time it returns.
      jit.onExecute({ ...payload, setExecuteFn: (execute) => (compiled = execute) });
      if (!compiled) return;
      const run = compiled;
      // No `data`: the variables did not coerce, or the document did not compile (nothing ran);
      // yoga's executor answers, with its own messages.
      const answer = (args: ExecutionArgs, result: ExecutionResult) =>
        'data' in result ? asYogaResult(result, args.document) : fallback(args);
      payload.setExecuteFn((args) => {
        const result = run(args) as ExecutionResult | PromiseLike<ExecutionResult>;
        return 'then' in result ? result.then((r) => answer(args, r)) : answer(args, result);
      });
    },
  };
}

/** graphql-jit's result as yoga's executor writes it: `errors` first, each error with its source positions. */
function asYogaResult(result: ExecutionResult, document: DocumentNode): ExecutionResult {
  if (!result.errors?.length) return result;
  const { errors, data, ...rest } = result;
  const source = document.loc?.source;
  return { errors: errors.map((e) => located(e, source)), data, ...rest };
}

function located(error: GraphQLError, source: Source | undefined): GraphQLError {
  if (error.nodes || !error.locations?.length || !source) return error;
  const lineStarts = [0];
  for (const m of source.body.matchAll(/\r\n|[\n\r]/g)) lineStarts.push(m.index + m[0].length);
  return new GraphQLError(error.message, {
    source,
    positions: error.locations.map((l) => lineStarts[l.line - 1]! + l.column - 1),
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}
