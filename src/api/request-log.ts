import type pg from 'pg';
import {
  copyApiRequestRows,
  copyLine,
  type ApiRequestEntry,
} from '../domain/api-requests/index.js';
import type { Logger } from '../logger.js';

// The request log's writer: the Data API hands it each answered request and goes on; entries are
// written in batches (one COPY of up to `maxBatch` rows at most every `flushMs`, on a connection of
// `pool`), never on a request's own path. A batch that fails is written entry by entry (a COPY
// each); an entry that still fails is dropped (logged), never a request.
// An entry becomes its COPY row at once, UTF-8 in a buffer outside the JavaScript heap: kept as
// objects until their batch was written, the entries of a busy process outlived the young
// generation's collections, and copying and promoting them cost more than the log's own work.
// Bounded whatever the request rate: a request refused before its rate limit admitted it (429, an
// inactive installation) comes without its request body (its error answer, at most 4 KB, is kept)
// and is kept at most once a second per installation (the rest are counted in `suppressed`), and
// the buffer holds at most `maxBufferedBytes` of rows; past it, new entries are dropped and counted.

export interface RequestLogOptions {
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
  /** The bytes of the rows the buffer holds now (what `maxBufferedBytes` bounds). */
  readonly bufferedBytes: number;
}

/** The rows of one batch, back to back in one buffer; `ends[i]` is where row i ends. */
interface Batch {
  buffer: Buffer;
  used: number;
  ends: number[];
}

/** A batch's buffer holds this much (or one row, if larger). */
const BATCH_BYTES = 256 * 1024;

export function createRequestLog(
  pool: pg.Pool,
  logger: Logger,
  options: RequestLogOptions = {},
): RequestLog {
  const flushMs = options.flushMs ?? 250;
  const maxBatch = options.maxBatch ?? 500;
  const maxBufferedBytes = options.maxBufferedBytes ?? 32 * 1024 * 1024;
  let batches: Batch[] = [];
  let bufferedBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;
  let retriedBatches = 0;
  let suppressed = 0;
  // The installations that have a refused entry in the current second (cleared when it changes).
  let refusedSecond = 0;
  const refusedThisSecond = new Set<number>();

  const copy = async (rows: Buffer[]) => {
    const client = await pool.connect();
    try {
      await copyApiRequestRows(client, rows);
    } finally {
      client.release();
    }
  };
  const rowsOf = (batch: Batch): Buffer[] =>
    batch.ends.map((end, i) => batch.buffer.subarray(i === 0 ? 0 : batch.ends[i - 1], end));

  // Writes what is buffered when it starts. Entries that arrive meanwhile wait for their own timer
  // (or a full batch): looping on them would write a small batch back to back with each write.
  const writeOut = async (): Promise<void> => {
    const taken = batches;
    batches = [];
    for (const batch of taken) {
      if (batch.ends.length === 0) continue;
      bufferedBytes -= batch.used;
      try {
        await copy([batch.buffer.subarray(0, batch.used)]);
      } catch (err) {
        // One bad entry must not take the batch (every tenant's entries) with it: one by one.
        retriedBatches += 1;
        logger.warn(
          { err, entries: batch.ends.length },
          'API request log batch not written; writing its entries one by one',
        );
        for (const row of rowsOf(batch)) {
          await copy([row]).catch((entryErr: unknown) => {
            dropped += 1;
            logger.warn(
              { err: entryErr, requestId: row.toString('utf8').split('\t')[8] },
              'API request log entry not written',
            );
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
  /** The batch the next row of `bytes` (at most) goes to: the last one, or a new one. */
  const batchFor = (bytes: number): Batch => {
    const last = batches.at(-1);
    if (last && last.ends.length < maxBatch && last.used + bytes <= last.buffer.length) return last;
    const batch = { buffer: Buffer.allocUnsafe(Math.max(BATCH_BYTES, bytes)), used: 0, ends: [] };
    batches.push(batch);
    return batch;
  };
  return {
    add(entry, refused = false) {
      if (refused && !sampled(entry)) {
        suppressed += 1;
        return;
      }
      const line = copyLine(entry);
      // UTF-8 takes at most 3 bytes per UTF-16 unit: counted exactly only for a row larger than a batch.
      const batch = batchFor(
        line.length * 3 <= BATCH_BYTES ? line.length * 3 : Buffer.byteLength(line),
      );
      const written = batch.buffer.write(line, batch.used, 'utf8');
      if (bufferedBytes + written > maxBufferedBytes) {
        dropped += 1; // not kept: the next row overwrites it
        return;
      }
      batch.used += written;
      batch.ends.push(batch.used);
      bufferedBytes += written;
      if (batch.ends.length >= maxBatch) void flush();
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
