/**
 * The deepest a Data API request body may nest objects and arrays; the body itself is level 1,
 * so `{"a": {"b": 1}}` is 2 levels. Documented in openapi.yaml (Errors, Input limits). Far deeper
 * than any real config, metadata or webhook payload, and shallow enough that no later recursive
 * walk of the value (ajv, JSON.stringify, pino) can run out of stack.
 */
export const MAX_BODY_DEPTH = 64;

/**
 * True when a parsed JSON value nests objects and arrays more than `limit` levels deep. An
 * explicit stack instead of recursion, so hostile input cannot overflow the call stack; each
 * container is visited at most once and the walk stops at the first one past the limit.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit < 1) return true;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child === null || typeof child !== 'object') continue;
      if (depth + 1 > limit) return true;
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}
