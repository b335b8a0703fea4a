import type { ErrorObject } from 'ajv';

const PREFIXES = /^\/(requestBody|query|path|header|cookie)(?=\/|$)/;

/**
 * Turns ajv errors into the spec's `details`: a field name (dotted path, e.g. `items.0.quantity`)
 * mapped to a list of problems written for a plugin developer.
 */
export function toValidationDetails(errors: ErrorObject[]): Record<string, string[]> {
  const details: Record<string, string[]> = {};
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
    const list = (details[field] ??= []);
    if (!list.includes(problem)) list.push(problem);
  }
  if (Object.keys(details).length === 0) details.body = ['is invalid'];
  return details;
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
