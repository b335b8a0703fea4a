import type { TimeKey } from '../../db/time-keyset.js';
import { MalformedInputError, ValidationError } from './errors.js';

export type { TimeKey };

export const DEFAULT_LIMIT = 50;

export interface Page<T> {
  data: T[];
  meta: { count: number; limit: number; next_cursor: string | null };
}

/**
 * Keyset cursors: an opaque base64url token holding the sort key of the last row returned. A
 * page never skips or repeats a row, whatever is inserted meanwhile, and costs the same at any
 * depth (no OFFSET).
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The largest id of an integer (int4) column, the default bound of a cursor's number keys. */
export const MAX_ROW_ID = 2_147_483_647;
/** The largest id of a bigint column that a JavaScript number holds exactly (api_request_id). */
export const MAX_BIGINT_ID = Number.MAX_SAFE_INTEGER;

/** `maxId`: MAX_BIGINT_ID for a cursor over a bigint id column. */
export function decodeCursor<T extends (string | number)[]>(
  cursor: string | undefined,
  shape: ('string' | 'number')[],
  maxId = MAX_ROW_ID,
): T | undefined {
  if (cursor === undefined) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === shape.length &&
      value.every((v, i) => typeof v === shape[i] && (typeof v !== 'number' || isRowId(v, maxId)))
    ) {
      return value as T;
    }
  } catch {
    // fall through
  }
  throw new MalformedInputError({ cursor: ['is not a cursor returned by this endpoint'] });
}

/** Number keys are row ids: integers the id column holds (anything else would be a 500 there). */
function isRowId(value: number, maxId: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= maxId;
}

/** Builds the page from `limit + 1` fetched rows: the extra row only tells that there is more. */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  view: (row: R) => T,
  key: (row: R) => (string | number)[],
): Page<T> {
  const more = rows.length > limit;
  const slice = more ? rows.slice(0, limit) : rows;
  const last = slice[slice.length - 1];
  return {
    data: slice.map(view),
    meta: {
      count: slice.length,
      limit,
      next_cursor: more && last !== undefined ? encodeCursor(key(last)) : null,
    },
  };
}

/** The key of a time-and-id cursor, or of an id-only one; a malformed cursor is `validation_error` naming `after`, from `list`. */
export function decodeTimeCursor(cursor: string | undefined, list: string): TimeKey | undefined {
  for (const shape of [['number', 'number'], ['number']] as 'number'[][]) {
    try {
      const key = decodeCursor<[number, number] | [number]>(cursor, shape, MAX_BIGINT_ID);
      if (key === undefined) return undefined;
      return key.length === 1 ? { idOnly: key[0] } : { at: key[0], id: key[1] };
    } catch {
      // the other shape, or neither
    }
  }
  throw new ValidationError({ after: [`is not a cursor returned by ${list}`] });
}

/**
 * A newest-first page by time and id from `first + 1` rows read with their time (`cursor_at`,
 * microseconds since 1970, as text), with the cursor of its last entry.
 */
export function toTimePage<R extends { cursor_at: string }>(
  rows: R[],
  first: number,
  idOf: (row: R) => number,
): { nodes: Omit<R, 'cursor_at'>[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } {
  const page = rows.slice(0, first);
  const last = page[page.length - 1];
  return {
    nodes: page.map(({ cursor_at: _, ...row }) => row),
    pageInfo: {
      hasNextPage: rows.length > first,
      endCursor: last ? encodeCursor([Number(last.cursor_at), idOf(last)]) : null,
    },
  };
}
