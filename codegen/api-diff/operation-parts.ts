import type { Diff } from 'api-smart-diff';
import { classifySchemaDiff, type Scope } from './schema-rules.js';
import { isObject, resolveAt } from './resolve.js';
import { pastTense, type ChangeCategory } from './types.js';
import type { Naming } from './openapi-diff.js';

/** A classified change inside one operation; `part` names the parameter, body, response or header. */
export interface Verdict {
  id: string;
  breaking: boolean;
  category: ChangeCategory;
  part: string;
  field: string;
  message: string;
}

export interface Docs {
  before: unknown;
  after: unknown;
}
export interface Where {
  d: Diff;
  rest: string[];
  opPath: string[];
  docs: Docs;
  naming: Naming;
}

export const verdict = (
  id: string,
  breaking: boolean,
  category: ChangeCategory,
  part: string,
  field: string,
  message: string,
): Verdict => ({ id, breaking, category, part, field, message });
const docsChanged = (what: string, part = '') =>
  verdict('documentation-changed', false, 'changed', part, '', `${what} changed`);

function schemaVerdicts(
  scope: Scope,
  w: Where,
  schemaRoot: string[],
  rel: string[],
  part: string,
): Verdict[] {
  const at = (side: keyof Docs, relPath: string[]) =>
    resolveAt(w.docs[side], [...schemaRoot, ...relPath]);
  return classifySchemaDiff(scope, {
    action: w.d.action,
    rel,
    before: w.d.before,
    after: w.d.after,
    libraryBreaking: w.d.type === 'breaking',
    nodeAt: at,
    hasProperty: (side, relPath, name) => {
      const node = at(side, relPath);
      return isObject(node) && isObject(node.properties) && name in node.properties;
    },
    required: (side, relPath) => {
      const node = at(side, relPath);
      return isObject(node) && Array.isArray(node.required) ? (node.required as string[]) : [];
    },
  }).map((s) => verdict(s.id, s.breaking, s.category, part, s.field, s.message));
}

export function parameterVerdicts(w: Where): Verdict[] {
  const { d, rest, opPath, docs, naming } = w;
  const index = [...opPath, 'parameters', rest[1]!];
  const param = (resolveAt(d.action === 'remove' ? docs.before : docs.after, index) ??
    resolveAt(docs.before, index)) as Record<string, unknown> | undefined;
  const part = naming.parameter(String(param?.in ?? '?'), String(param?.name ?? rest[1]));
  if (rest.length === 2) {
    if (d.action === 'remove')
      return [
        verdict('request-parameter-removed', d.type === 'breaking', 'removed', part, '', 'removed'),
      ];
    return param?.required === true
      ? [
          verdict(
            'request-parameter-added-required',
            true,
            'added',
            part,
            '',
            'required parameter added',
          ),
        ]
      : [verdict('request-parameter-added', false, 'added', part, '', 'optional parameter added')];
  }
  const key = rest[2];
  if (key === 'required') {
    return d.after === true
      ? [verdict('request-parameter-made-required', true, 'changed', part, '', 'now required')]
      : [
          verdict(
            'request-parameter-made-optional',
            false,
            'changed',
            part,
            '',
            'no longer required',
          ),
        ];
  }
  if (key === 'deprecated')
    return [
      d.after === true
        ? verdict('request-parameter-deprecated', false, 'deprecated', part, '', 'deprecated')
        : verdict(
            'request-parameter-undeprecated',
            false,
            'changed',
            part,
            '',
            'no longer deprecated',
          ),
    ];
  if (key === 'schema')
    return schemaVerdicts('request', w, [...index, 'schema'], rest.slice(3), part);
  return [docsChanged(String(key), part)];
}

export function requestBodyVerdicts(w: Where): Verdict[] {
  const { d, rest, opPath, naming } = w;
  const part = naming.requestBody;
  if (rest.length === 1) {
    if (d.action === 'remove')
      return [
        verdict('request-body-removed', d.type === 'breaking', 'removed', part, '', 'removed'),
      ];
    const required = isObject(d.after) && d.after.required === true;
    return [
      verdict(
        required ? 'request-body-added-required' : 'request-body-added',
        required,
        'added',
        part,
        '',
        'added',
      ),
    ];
  }
  if (rest[1] === 'required')
    return [
      verdict(
        d.after === true ? 'request-body-made-required' : 'request-body-made-optional',
        d.after === true,
        'changed',
        part,
        '',
        d.after === true ? 'now required' : 'no longer required',
      ),
    ];
  if (rest[1] === 'content' && rest.length === 3)
    return [
      verdict(
        d.action === 'add' ? 'request-media-type-added' : 'request-media-type-removed',
        d.action !== 'add',
        d.action === 'add' ? 'added' : 'removed',
        part,
        '',
        `${rest[2]} ${pastTense(d.action)}`,
      ),
    ];
  if (rest[1] === 'content' && rest[3] === 'schema')
    return schemaVerdicts('request', w, [...opPath, ...rest.slice(0, 4)], rest.slice(4), part);
  return [docsChanged(String(rest[1]), part)];
}

export function responseVerdicts(w: Where): Verdict[] {
  const { d, rest, opPath, docs, naming } = w;
  const status = rest[1]!;
  if (rest.length === 2) {
    if (d.action === 'add')
      return [
        verdict('response-status-added', false, 'added', naming.response(status), '', 'added'),
      ];
    const old = resolveAt(docs.before, [...opPath, 'responses', status]);
    const hasBody = isObject(old) && isObject(old.content) && Object.keys(old.content).length > 0;
    return [
      verdict(
        'response-status-removed',
        hasBody,
        'removed',
        naming.response(status),
        '',
        hasBody ? 'removed (it had a body clients read)' : 'removed (no body)',
      ),
    ];
  }
  if (rest[2] === 'headers') {
    const part = naming.responseHeader(status, rest[3]!);
    if (rest.length === 4)
      return [
        d.action === 'add'
          ? verdict('response-header-added', false, 'added', part, '', 'added')
          : verdict('response-header-removed', true, 'removed', part, '', 'removed'),
      ];
    if (rest[4] === 'schema')
      return schemaVerdicts('response', w, [...opPath, ...rest.slice(0, 5)], rest.slice(5), part);
    if (rest[4] === 'required' && d.after !== true)
      return [
        verdict(
          'response-header-made-optional',
          true,
          'changed',
          part,
          '',
          'no longer always sent',
        ),
      ];
    return [docsChanged(String(rest[4]), part)];
  }
  const part = naming.response(status);
  if (rest[2] === 'content' && rest.length === 4)
    return [
      verdict(
        d.action === 'add' ? 'response-media-type-added' : 'response-media-type-removed',
        d.action !== 'add',
        d.action === 'add' ? 'added' : 'removed',
        part,
        '',
        `${rest[3]} ${pastTense(d.action)}`,
      ),
    ];
  if (rest[2] === 'content' && rest[4] === 'schema')
    return schemaVerdicts('response', w, [...opPath, ...rest.slice(0, 5)], rest.slice(5), part);
  return [docsChanged(String(rest[2]), part)];
}
