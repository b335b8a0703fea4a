/**
 * Finding what an instruction names in an OpenAPI 3.0 or AsyncAPI 3 document: a component schema
 * (and a property inside it), an operation (and a parameter of it), an event. A `$ref` met on the
 * way is followed, so the referenced component is what changes and the reference stays.
 */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const REF_PREFIX = '#/';

/** Follows local `$ref`s until a node without one (undefined when a reference leads nowhere). */
export function deref(doc: Json, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith(REF_PREFIX)) return undefined;
    current = ref
      .slice(REF_PREFIX.length)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), doc);
  }
  return current;
}

/** A map inside the document, created when asked to (an `existed` restoring into an empty one). */
export function child(parent: Json, key: string, create = false): Json | undefined {
  const value = parent[key];
  if (isObject(value)) return value;
  if (!create) return undefined;
  const made: Json = {};
  parent[key] = made;
  return made;
}

export const componentSchemas = (doc: Json, create = false): Json | undefined => {
  const components = child(doc, 'components', create);
  return components && child(components, 'schemas', create);
};

/**
 * The object schema holding the last segment of `property` (a dotted path through `properties`;
 * an array's `items` is stepped into), or a message saying where the path stops.
 */
export function propertyParent(doc: Json, schema: Json, property: string): Json | string {
  const segments = property.split('.');
  let node: unknown = schema;
  for (const [n, segment] of segments.slice(0, -1).entries()) {
    const holder = objectSchema(doc, node);
    const next = holder && child(holder, 'properties')?.[segment];
    if (next === undefined) return `no property ${segments.slice(0, n + 1).join('.')}`;
    node = next;
  }
  return objectSchema(doc, node) ?? `${segments.slice(0, -1).join('.')} is not an object schema`;
}

function objectSchema(doc: Json, node: unknown): Json | undefined {
  const schema = deref(doc, node);
  if (!isObject(schema)) return undefined;
  if (isObject(schema.properties)) return schema;
  return isObject(schema.items) ? objectSchema(doc, schema.items) : schema;
}

export const lastSegment = (property: string) => property.split('.').at(-1) ?? property;

/** The schema that carries `enum`: the node itself, or its array's `items`. */
export function enumHolder(doc: Json, node: unknown): Json | undefined {
  const schema = deref(doc, node);
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.enum)) return schema;
  return schema.items === undefined ? undefined : enumHolder(doc, schema.items);
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface OperationPlace {
  path: string;
  method: string;
  pathItem: Json;
  operation: Json;
}

export function findOperation(doc: Json, operationId: string): OperationPlace | undefined {
  for (const [path, item] of Object.entries(child(doc, 'paths') ?? {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isObject(operation) && operation.operationId === operationId) {
        return { path, method, pathItem: item, operation };
      }
    }
  }
  return undefined;
}

/** The parameter list holding `name` in `in` (the operation's, else its path item's). */
export function findParameter(doc: Json, place: OperationPlace, name: string, location: string) {
  for (const holder of [place.operation, place.pathItem]) {
    const list = Array.isArray(holder.parameters) ? (holder.parameters as unknown[]) : [];
    const index = list.findIndex((p) => {
      const parameter = deref(doc, p);
      return isObject(parameter) && parameter.name === name && parameter.in === location;
    });
    if (index >= 0) return { holder, list, index, parameter: deref(doc, list[index]) as Json };
  }
  return undefined;
}

/** An AsyncAPI message named `event` (its `name`, or its key under components.messages). */
export function findEventMessage(doc: Json, event: string): string | undefined {
  const messages = componentMessages(doc) ?? {};
  return Object.entries(messages).find(
    ([key, message]) => key === event || (isObject(message) && message.name === event),
  )?.[0];
}

export const componentMessages = (doc: Json, create = false): Json | undefined => {
  const components = child(doc, 'components', create);
  return components && child(components, 'messages', create);
};
