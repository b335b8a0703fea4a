type Json = Record<string, unknown>;

/** Follows a local `$ref` (`#/components/schemas/Order`) until a node without one. */
export function deref(doc: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    current = pointer(doc, current.$ref);
  }
  return current;
}

export function pointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) => (isObject(node) || Array.isArray(node) ? (node as Json)[key] : undefined),
      doc,
    );
}

/** The node at `path` in `doc`, following `$ref` at every step (the view api-smart-diff's paths are in). */
export function resolveAt(doc: unknown, path: readonly (string | number)[]): unknown {
  let node = deref(doc, doc);
  for (const key of path) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = deref(doc, (node as Json)[key]);
  }
  return node;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
