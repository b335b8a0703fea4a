import {
  child,
  enumHolder,
  findOperation,
  findParameter,
  HTTP_METHODS,
  isObject,
  type Json,
  type OperationPlace,
} from './places.js';
import type { Instruction } from './records.js';
import { PlaceProblem, undoEnum } from './undo-schema.js';

const problem = (message: string): never => {
  throw new PlaceProblem(message);
};

/** Undoes an instruction on an OpenAPI operation, or on one of its parameters. */
export function undoOperationChange(doc: Json, i: Instruction & { operation: string }): void {
  const place = findOperation(doc, i.operation);
  if (i.parameter) {
    if (!place) return problem('no such operation');
    return undoParameterChange(doc, place, i);
  }
  if (i.existed) return restoreOperation(doc, i.operation, i.existed, place);
  if (!place) return problem('no such operation');
  if (!i.didnt_exist) return problem('an operation takes didnt_exist or existed');
  delete place.pathItem[place.method];
  if (!HTTP_METHODS.some((m) => m in place.pathItem)) delete child(doc, 'paths')![place.path];
}

/** `existed` on an operation: `{path, method, operation}`, as the previous version had it. */
function restoreOperation(doc: Json, id: string, existed: Json, place?: OperationPlace): void {
  if (place) problem('exists already (existed restores a removed one)');
  const { path, method, operation } = existed;
  if (typeof path !== 'string' || !path.startsWith('/') || !isObject(operation)) {
    problem('existed on an operation is {path, method, operation}');
  }
  if (typeof method !== 'string' || !HTTP_METHODS.includes(method)) problem(`method ${method}?`);
  const item = child(child(doc, 'paths', true)!, path as string, true)!;
  if (item[method as string] !== undefined) problem(`${method} ${path} exists already`);
  item[method as string] = { ...structuredClone(operation as Json), operationId: id };
}

function undoParameterChange(doc: Json, place: OperationPlace, i: Instruction): void {
  const { name, in: location } = i.parameter!;
  const found = findParameter(doc, place, name, location);
  if (i.existed) {
    if (found) problem('exists already (existed restores a removed one)');
    const list = Array.isArray(place.operation.parameters) ? place.operation.parameters : [];
    place.operation.parameters = [...list, { name, in: location, ...structuredClone(i.existed) }];
    return;
  }
  if (!found) return problem('no such parameter');
  const { holder, list, index, parameter } = found;
  if (i.renamed_from !== undefined) {
    if (findParameter(doc, place, i.renamed_from, location))
      problem(`${i.renamed_from} exists beside it`);
    parameter.name = i.renamed_from;
  } else if (i.had) {
    parameter.schema = structuredClone(i.had);
  } else if (i.didnt_exist) {
    list.splice(index, 1);
    if (!list.length) delete holder.parameters;
  } else if (i.was_optional) {
    if (parameter.required !== true || location === 'path')
      problem('is not a required parameter that may be optional');
    delete parameter.required;
  } else {
    undoEnum(enumHolder(doc, parameter.schema), i);
  }
}
