import {
  child,
  componentSchemas,
  enumHolder,
  isObject,
  lastSegment,
  propertyParent,
  type Json,
} from './places.js';
import type { Instruction } from './records.js';

/** What an instruction names is not where it says, in the version it applies to. */
export class PlaceProblem extends Error {}

const problem = (message: string): never => {
  throw new PlaceProblem(message);
};

/** Undoes an instruction on a component schema, or on a property of one. */
export function undoSchemaChange(doc: Json, i: Instruction & { schema: string }): void {
  if (i.property === undefined) return undoComponent(doc, i);
  const schema = componentSchemas(doc)?.[i.schema];
  if (!isObject(schema)) return problem('no such schema');
  const parent = propertyParent(doc, schema, i.property);
  if (typeof parent === 'string') return problem(parent);
  const key = lastSegment(i.property);
  if (i.existed) return restoreProperty(parent, key, i.existed);
  const properties = child(parent, 'properties');
  const current = properties?.[key];
  if (!properties || current === undefined) return problem('no such property');
  if (i.renamed_from !== undefined) {
    if (i.renamed_from in properties) problem(`${i.renamed_from} exists beside it`);
    renameKey(properties, key, i.renamed_from);
    setRequired(
      parent,
      requiredOf(parent).map((n) => (n === key ? i.renamed_from! : n)),
    );
    if (isObject(parent.example) && key in parent.example)
      renameKey(parent.example, key, i.renamed_from);
  } else if (i.had) {
    properties[key] = structuredClone(i.had);
  } else if (i.didnt_exist) {
    delete properties[key];
    setRequired(
      parent,
      requiredOf(parent).filter((n) => n !== key),
    );
    if (isObject(parent.example)) delete parent.example[key];
  } else if (i.was_optional) {
    if (!requiredOf(parent).includes(key)) problem('is not required');
    setRequired(
      parent,
      requiredOf(parent).filter((n) => n !== key),
    );
  } else {
    undoEnum(enumHolder(doc, current), i);
  }
}

function undoComponent(doc: Json, i: Instruction & { schema: string }): void {
  const schemas = componentSchemas(doc, i.existed !== undefined);
  if (i.existed) {
    if (schemas![i.schema] !== undefined)
      problem('exists already (existed restores a removed one)');
    schemas![i.schema] = structuredClone(i.existed);
    return;
  }
  const schema = schemas?.[i.schema];
  if (schema === undefined) return problem('no such schema');
  if (i.renamed_from !== undefined) {
    if (schemas![i.renamed_from] !== undefined) problem(`${i.renamed_from} exists beside it`);
    renameKey(schemas!, i.schema, i.renamed_from);
    renameRefs(doc, `#/components/schemas/${i.schema}`, `#/components/schemas/${i.renamed_from}`);
  } else if (i.had) {
    schemas![i.schema] = structuredClone(i.had);
  } else if (i.didnt_exist) {
    delete schemas![i.schema];
  } else if (i.was_optional) {
    problem('was_optional names a property or a parameter');
  } else {
    undoEnum(enumHolder(doc, schema), i);
  }
}

/** `existed` on a property: `{schema, required?}`, the property as the previous version had it. */
function restoreProperty(parent: Json, key: string, existed: Json): void {
  const properties = child(parent, 'properties', true)!;
  if (properties[key] !== undefined) problem('exists already (existed restores a removed one)');
  if (!isObject(existed.schema)) problem('existed on a property is {schema, required?}');
  properties[key] = structuredClone(existed.schema);
  if (existed.required === true) setRequired(parent, [...requiredOf(parent), key]);
}

/** enum_added: the previous version lacked these values; enum_removed: it had them. */
export function undoEnum(holder: Json | undefined, i: Instruction): void {
  if (!holder) return problem('has no enum');
  const values = holder.enum as unknown[];
  const has = (v: unknown) => values.some((w) => JSON.stringify(w) === JSON.stringify(v));
  if (i.enum_added) {
    const missing = i.enum_added.filter((v) => !has(v));
    if (missing.length) problem(`enum lacks ${JSON.stringify(missing)}`);
    const added = new Set(i.enum_added.map((v) => JSON.stringify(v)));
    holder.enum = values.filter((v) => !added.has(JSON.stringify(v)));
  } else if (i.enum_removed) {
    const present = i.enum_removed.filter(has);
    if (present.length) problem(`enum still has ${JSON.stringify(present)}`);
    holder.enum = [...values, ...structuredClone(i.enum_removed)];
  }
}

const requiredOf = (schema: Json): string[] =>
  Array.isArray(schema.required) ? (schema.required as string[]) : [];

// OpenAPI 3.0 wants a non-empty `required` or none.
function setRequired(schema: Json, names: string[]): void {
  if (names.length) schema.required = names;
  else delete schema.required;
}

/** Renames a key in place, keeping its position (the derived YAML reads like head). */
export function renameKey(map: Json, from: string, to: string): void {
  const entries = Object.entries(map);
  for (const [key] of entries) delete map[key];
  for (const [key, value] of entries) map[key === from ? to : key] = value;
}

function renameRefs(node: unknown, from: string, to: string): void {
  if (Array.isArray(node)) return node.forEach((item) => renameRefs(item, from, to));
  if (!isObject(node)) return;
  const ref = node.$ref;
  if (typeof ref === 'string' && (ref === from || ref.startsWith(`${from}/`))) {
    node.$ref = to + ref.slice(from.length);
  }
  for (const value of Object.values(node)) renameRefs(value, from, to);
}
