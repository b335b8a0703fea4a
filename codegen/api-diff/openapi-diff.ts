import { apiCompare, type Diff } from 'api-smart-diff';
import {
  parameterVerdicts,
  requestBodyVerdicts,
  responseVerdicts,
  verdict,
  type Docs,
  type Verdict,
  type Where,
} from './operation-parts.js';
import { isObject, resolveAt } from './resolve.js';
import { pastTense, type ChangeItem, type ContractName } from './types.js';

/** How a contract names its places: openapi.yaml speaks of operations, asyncapi.yaml of events. */
export interface Naming {
  contract: ContractName;
  operation(pathKey: string, method: string): string;
  parameter(where: string, name: string): string;
  requestBody: string;
  response(status: string): string;
  responseHeader(status: string, name: string): string;
  /** Rule ids in the contract's words (`response-property-removed` -> `payload-property-removed`). */
  ruleId(id: string): string;
}

export const OPENAPI_NAMING: Naming = {
  contract: 'openapi',
  operation: (pathKey, method) => `${method.toUpperCase()} ${pathKey}`,
  parameter: (where, name) => `${where} parameter ${name}`,
  requestBody: 'request body',
  response: (status) => `response ${status}`,
  responseHeader: (status, name) => `response ${status} header ${name}`,
  ruleId: (id) => id,
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
export interface Classified {
  item: ChangeItem;
  breaking: boolean;
}

/**
 * Compares two OpenAPI documents with api-smart-diff and classifies each change under an
 * operation with our own rules (operation-parts.ts, schema-rules.ts): the library's verdicts
 * miss several kinds (a response type change or a removed response enum value are "non-breaking"
 * to it, any pattern change is breaking). Component-level diffs are left out: each change is
 * reported where a client meets it, once per operation that uses the component.
 */
export function diffOpenApi(before: unknown, after: unknown, naming: Naming): Classified[] {
  // api-smart-diff normalises the documents it is given (`enum: []` where there was none): it gets
  // copies, and the rules read the documents as written.
  const { diffs } = apiCompare(structuredClone(before), structuredClone(after));
  const out: Classified[] = [];
  for (const d of diffs) {
    const path = d.path.map(String);
    if (path[0] !== 'paths' || path.length < 2) continue;
    const pathKey = path[1]!;
    for (const [method, v] of classifyUnderPath(d, path, { before, after }, naming)) {
      const place = [naming.operation(pathKey, method), v.part].filter(Boolean).join(' ');
      const location = v.field ? `${place}: ${v.field}` : place;
      out.push({
        breaking: v.breaking,
        item: {
          contract: naming.contract,
          id: naming.ruleId(v.id),
          location,
          message: v.message,
          category: v.category,
        },
      });
    }
  }
  return out;
}

function classifyUnderPath(
  d: Diff,
  path: string[],
  docs: Docs,
  naming: Naming,
): [string, Verdict][] {
  if (path.length === 2) {
    const node = d.action === 'add' ? d.after : d.before;
    return Object.keys(isObject(node) ? node : {})
      .filter((m) => METHODS.has(m))
      .map((m) => [m, operationVerdict(d.action === 'add', summaryOf(docs, path[1]!, m))]);
  }
  const method = path[2]!;
  if (!METHODS.has(method))
    return [
      [
        method,
        verdict(
          `path-${method}-changed`,
          d.type === 'breaking',
          'changed',
          '',
          '',
          `${path.slice(2).join('.')} ${pastTense(d.action)}`,
        ),
      ],
    ];
  if (path.length === 3)
    return [[method, operationVerdict(d.action === 'add', summaryOf(docs, path[1]!, method))]];
  const where: Where = { d, rest: path.slice(3), opPath: path.slice(0, 3), docs, naming };
  return classifyInOperation(where).map((v) => [method, v]);
}

function operationVerdict(added: boolean, summary: string): Verdict {
  return added
    ? verdict('operation-added', false, 'added', '', '', `added${summary}`)
    : verdict('operation-removed', true, 'removed', '', '', `removed${summary}`);
}

/** ": <summary>" of the operation on either side, for a reader of the changelog. */
function summaryOf(docs: Docs, pathKey: string, method: string): string {
  const summary =
    resolveAt(docs.after, ['paths', pathKey, method, 'summary']) ??
    resolveAt(docs.before, ['paths', pathKey, method, 'summary']);
  return typeof summary === 'string' ? `: ${summary}` : '';
}

function classifyInOperation(w: Where): Verdict[] {
  const { d, rest } = w;
  const [head] = rest;
  if (head === 'deprecated') {
    const on = d.after === true;
    return [
      verdict(
        on ? 'operation-deprecated' : 'operation-undeprecated',
        false,
        on ? 'deprecated' : 'changed',
        '',
        '',
        on ? 'deprecated' : 'no longer deprecated',
      ),
    ];
  }
  if (head === 'x-sunset' || head === 'x-deprecated-at')
    return [
      verdict(
        'operation-deprecation-dates-changed',
        false,
        'deprecated',
        '',
        '',
        `${head} ${String(d.before ?? '-')} -> ${String(d.after ?? '-')}`,
      ),
    ];
  if (head === 'parameters') return parameterVerdicts(w);
  if (head === 'requestBody') return requestBodyVerdicts(w);
  if (head === 'responses') return responseVerdicts(w);
  if (head === 'security')
    return [
      verdict(
        'operation-security-changed',
        d.type === 'breaking',
        'changed',
        '',
        '',
        `security ${pastTense(d.action)}`,
      ),
    ];
  if (head === 'operationId')
    return [
      verdict(
        'operation-id-changed',
        true,
        'changed',
        '',
        '',
        `operationId ${String(d.before)} -> ${String(d.after)} (generated SDKs rename the method)`,
      ),
    ];
  return [verdict('documentation-changed', false, 'changed', '', '', `${head} changed`)];
}
