import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/** Timestamps go out as ISO 8601 (UTC, `Z`); they come in as ISO 8601 with an offset. */
export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'ISO 8601 timestamp with an offset, e.g. 2026-03-24T03:00:04.482Z.',
  serialize(value) {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime()))
      throw new GraphQLError('DateTime cannot represent an invalid date');
    return date.toISOString();
  },
  parseValue(value) {
    return parseDate(value);
  },
  parseLiteral(ast) {
    return parseDate(ast.kind === Kind.STRING ? ast.value : undefined);
  },
});

function parseDate(value: unknown): Date {
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
  if (typeof value !== 'string' || !ISO.test(value) || Number.isNaN(Date.parse(value))) {
    throw new GraphQLError('DateTime must be an ISO 8601 timestamp with an offset');
  }
  return new Date(value);
}

/** Opaque JSON (webhook payloads). */
export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: function literal(
    ast: ValueNode,
    variables?: Record<string, unknown> | null,
  ): unknown {
    switch (ast.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN:
        return ast.value;
      case Kind.INT:
      case Kind.FLOAT:
        return Number(ast.value);
      case Kind.NULL:
        return null;
      case Kind.LIST:
        return ast.values.map((v) => literal(v, variables));
      case Kind.OBJECT:
        return Object.fromEntries(
          ast.fields.map((f) => [f.name.value, literal(f.value, variables)]),
        );
      case Kind.VARIABLE:
        return variables?.[ast.name.value];
      default:
        return undefined;
    }
  },
});
