import type pg from 'pg';

// Named (server-side prepared) statements for the queries Kysely sends. PostgreSQL plans an
// unnamed statement anew on every execution; a named one is parsed and analysed once per
// connection and can reuse its plan. Measured on the hot reads (bench/results), that is most of
// the difference between the service and a hand-written server.
//
// Every parameterised INSERT, UPDATE, DELETE, SELECT, WITH or VALUES statement runs under a name
// derived from its SQL text, per connection. The schema is part of the text (withSchema qualifies
// every table), so each sandbox's statements are their own. A connection keeps at most
// `maxPerConnection` names, the least recently used deallocated first (DEALLOCATE never fails for
// a statement the connection parsed, so it is safe inside a transaction). Statements without
// parameters (BEGIN, COMMIT, DDL, SET) run as before.

const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;

interface ParsedStatements {
  connection: { parsedStatements: Record<string, string> };
}

export function useNamedStatements(pool: pg.Pool, maxPerConnection = 256): void {
  let connections = 0;
  pool.on('connect', (client) => {
    const prefix = `svc${(connections += 1).toString(36)}_`;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const names = new Map<string, string>(); // SQL text -> name, in recency order
    let next = 0;
    const parsed = (client as unknown as ParsedStatements).connection.parsedStatements;
    const nameFor = (text: string): string => {
      const known = names.get(text);
      if (known) {
        names.delete(text);
        names.set(text, known);
        return known;
      }
      const name = `${prefix}${(next += 1).toString(36)}`;
      names.set(text, name);
      if (names.size > maxPerConnection) {
        const [oldText, oldName] = names.entries().next().value!;
        names.delete(oldText);
        if (parsed[oldName] !== undefined) {
          delete parsed[oldName];
          void Promise.resolve(query(`DEALLOCATE "${oldName}"`)).catch(() => {});
        }
      }
      return name;
    };
    (client as unknown as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && PREPARABLE.test(config)) {
        return query({ name: nameFor(config), text: config, values }, callback);
      }
      return query(config, values, callback);
    };
  });
}
