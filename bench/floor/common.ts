// What every floor route shares: one pg pool with named (prepared) statements, and a JSON answer
// sent as bytes in one write.
import type http from 'node:http';
import pg from 'pg';

export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
export const query = (name: string, text: string, values: unknown[]) =>
  pool.query({ name, text, values });

export function send(res: http.ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res
    .writeHead(status, { 'content-type': 'application/json', 'content-length': bytes.length })
    .end(bytes);
}

/** `fn` in one transaction on one connection (named statements), rolled back when it throws. */
export async function inTransaction<T>(
  fn: (q: (name: string, text: string, values: unknown[]) => Promise<pg.QueryResult>) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn((name, text, values) => client.query({ name, text, values }));
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

export type Installation = {
  installation_id: number;
  organization_id: number;
  location_id: number;
  status: string;
  listing_status: string;
  webhook_secret_enc: string;
};
