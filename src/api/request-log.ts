import type { Db } from '../db/database.js';
import { recordApiRequests, type ApiRequestEntry } from '../domain/api-requests/index.js';
import type { Logger } from '../logger.js';

// The request log's writer: the Data API hands it each answered request and goes on; entries are
// written in batches (one INSERT of up to `maxBatch` rows at most every `flushMs`), never on a
// request's own path. A database hiccup loses that batch (logged), never a request; a buffer
// grown past `maxBuffered` (the database far behind) drops new entries and counts them.

export interface RequestLogOptions {
  flushMs?: number;
  maxBatch?: number;
  maxBuffered?: number;
}

export interface RequestLog {
  add(entry: ApiRequestEntry): void;
  /** Writes what is buffered now (tests, shutdown). */
  flush(): Promise<void>;
  /** Entries dropped because the buffer was full or a batch failed. */
  readonly dropped: number;
}

export function createRequestLog(db: Db, logger: Logger, options: RequestLogOptions = {}): RequestLog {
  const flushMs = options.flushMs ?? 250;
  const maxBatch = options.maxBatch ?? 500;
  const maxBuffered = options.maxBuffered ?? 20_000;
  let buffer: ApiRequestEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;

  const writeOut = async (): Promise<void> => {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, maxBatch);
      buffer = buffer.slice(batch.length);
      try {
        await recordApiRequests(db, batch);
      } catch (err) {
        dropped += batch.length;
        logger.warn({ err, entries: batch.length }, 'API request log batch not written');
      }
    }
  };
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(writeOut);
    return writing;
  };
  return {
    add(entry) {
      if (buffer.length >= maxBuffered) {
        dropped += 1;
        return;
      }
      buffer.push(entry);
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
  };
}
