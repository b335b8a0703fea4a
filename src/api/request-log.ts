import type pg from 'pg';
import type { Db } from '../db/database.js';
import { copyApiRequests, recordApiRequests, type ApiRequestEntry } from '../domain/api-requests/index.js';
import type { Logger } from '../logger.js';

// The request log's writer: the Data API hands it each answered request and goes on; entries are
// written in batches (one COPY of up to `maxBatch` rows at most every `flushMs`, on a connection of
// `pool`; without a pool one INSERT), never on a request's own path. A batch that fails is written
// entry by entry (INSERT); an entry that still fails is dropped (logged), never a request.
// Bounded whatever the request rate: a request refused before its rate limit admitted it (429, an
// inactive installation) comes without bodies and is kept at most once a second per installation
// (the rest are counted in `suppressed`), and the buffer holds at most `maxBufferedBytes` (about:
// the bodies' UTF-16 size plus a fixed cost per entry); past it, new entries are dropped and counted.

export interface RequestLogOptions {
  /** The database pool whose connections write the batches with COPY (the service's); INSERT through `db` without it. */
  pool?: pg.Pool;
  flushMs?: number;
  maxBatch?: number;
  maxBufferedBytes?: number;
}

export interface RequestLog {
  /** `refused`: the request never got past its rate limit (sampled, see above). */
  add(entry: ApiRequestEntry, refused?: boolean): void;
  /** Writes what is buffered now (tests, shutdown). */
  flush(): Promise<void>;
  /** Entries dropped because the buffer was full or a batch failed. */
  readonly dropped: number;
  /** Batches that failed and were written entry by entry. */
  readonly retriedBatches: number;
  /** Refused requests not kept because their installation already had one that second. */
  readonly suppressed: number;
  /** What the buffer holds now, in the estimate `maxBufferedBytes` bounds. */
  readonly bufferedBytes: number;
}

/** A heap estimate: V8 strings with a cut marker are two-byte; the rest is columns and objects. */
const ENTRY_OVERHEAD_BYTES = 600;
const sizeOf = (entry: ApiRequestEntry): number =>
  ENTRY_OVERHEAD_BYTES + 2 * ((entry.request_body?.length ?? 0) + (entry.response_body?.length ?? 0) + (entry.idempotency_key?.length ?? 0));

export function createRequestLog(db: Db, logger: Logger, options: RequestLogOptions = {}): RequestLog {
  const flushMs = options.flushMs ?? 250;
  const maxBatch = options.maxBatch ?? 500;
  const maxBufferedBytes = options.maxBufferedBytes ?? 32 * 1024 * 1024;
  let buffer: ApiRequestEntry[] = [];
  let bufferedBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;
  let retriedBatches = 0;
  let suppressed = 0;
  // The installations that have a refused entry in the current second (cleared when it changes).
  let refusedSecond = 0;
  const refusedThisSecond = new Set<number>();

  const { pool } = options;
  const writeBatch = pool
    ? async (batch: ApiRequestEntry[]) => {
        const client = await pool.connect();
        try {
          await copyApiRequests(client, batch);
        } finally {
          client.release();
        }
      }
    : (batch: ApiRequestEntry[]) => recordApiRequests(db, batch);

  // Writes what is buffered when it starts. Entries that arrive meanwhile wait for their own timer
  // (or a full batch): looping on them would write a small batch back to back with each write.
  const writeOut = async (): Promise<void> => {
    for (let left = buffer.length; left > 0 && buffer.length > 0; ) {
      const batch = buffer.slice(0, Math.min(left, maxBatch));
      left -= batch.length;
      buffer = buffer.slice(batch.length);
      for (const entry of batch) bufferedBytes -= sizeOf(entry);
      try {
        await writeBatch(batch);
      } catch (err) {
        // One bad entry must not take the batch (every tenant's entries) with it: one by one.
        retriedBatches += 1;
        logger.warn({ err, entries: batch.length }, 'API request log batch not written; writing its entries one by one');
        for (const entry of batch) {
          await recordApiRequests(db, [entry]).catch((entryErr: unknown) => {
            dropped += 1;
            logger.warn({ err: entryErr, requestId: entry.request_id }, 'API request log entry not written');
          });
        }
      }
    }
  };
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(writeOut);
    return writing;
  };
  /** False for a refused request whose installation already has one kept this second. */
  const sampled = (entry: ApiRequestEntry): boolean => {
    const second = Math.floor(Date.now() / 1000);
    if (second !== refusedSecond) {
      refusedSecond = second;
      refusedThisSecond.clear();
    }
    if (refusedThisSecond.has(entry.installation_id)) return false;
    refusedThisSecond.add(entry.installation_id);
    return true;
  };
  return {
    add(entry, refused = false) {
      if (refused && !sampled(entry)) {
        suppressed += 1;
        return;
      }
      const size = sizeOf(entry);
      if (bufferedBytes + size > maxBufferedBytes) {
        dropped += 1;
        return;
      }
      buffer.push(entry);
      bufferedBytes += size;
      if (buffer.length >= maxBatch) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
    get dropped() {
      return dropped;
    },
    get retriedBatches() {
      return retriedBatches;
    },
    get suppressed() {
      return suppressed;
    },
    get bufferedBytes() {
      return bufferedBytes;
    },
  };
}
