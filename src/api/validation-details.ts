import type { ErrorObject } from 'ajv';

const PREFIXES = /^\/(requestBody|query|path|header|cookie)(?=\/|$)/;

/**
 * Turns ajv errors into the spec's `details`: a field name (dotted path, e.g. `items.0.quantity`)
 * mapped to a list of problems written for a plugin developer. Field names come from the request
 * (an unknown field is named as sent), so they are collected in a Map: `toString`, `constructor` or
 * `__proto__` are fields like any other, never members inherited from Object.prototype.
 */
export function toValidationDetails(errors: ErrorObject[]): Record<string, string[]> {
  const details = new Map<string, string[]>();
  for (const error of errors) {
    // oneOf/anyOf failures repeat their branches' errors; the branch errors are the useful ones.
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue;
    let pointer = error.instancePath.replace(PREFIXES, '');
    const params = error.params as Record<string, unknown>;
    let problem = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      pointer = `${pointer}/${String(params.missingProperty)}`;
      problem = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      pointer = `${pointer}/${String(params.additionalProperty)}`;
      problem = 'is not a known field';
    } else if (error.keyword === 'enum') {
      problem = `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    } else if (error.keyword === 'parse') {
      problem = 'must be valid JSON';
    }
    const field = pointer.split('/').filter(Boolean).map(decodePointer).join('.') || 'body';
    const list = details.get(field) ?? [];
    if (!list.includes(problem)) list.push(problem);
    details.set(field, list);
  }
  if (details.size === 0) details.set('body', ['is invalid']);
  // fromEntries defines own properties: a `__proto__` entry stays a field, it does not set a prototype.
  return Object.fromEntries(details);
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
