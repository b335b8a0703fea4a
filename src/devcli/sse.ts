// Server-Sent Events framing as the spec (WHATWG HTML, "Parsing an event stream") has it: a line
// ends with CRLF, LF or CR, and a blank line ends a frame. A frame is held in memory until it ends,
// so its size is bounded: a platform that never ends one cannot make svc grow without limit.

export const MAX_SSE_FRAME = 1024 * 1024;

export interface SseFrame {
  event: string | undefined;
  data: string;
}

export class SseReader {
  private buffer = '';
  /** The last chunk ended with CR: an LF opening the next one belongs to that line end. */
  private pendingCr = false;

  constructor(private readonly maxFrame = MAX_SSE_FRAME) {}

  /** The frames this chunk completes; throws when the frame being read exceeds the bound. */
  push(chunk: string): SseFrame[] {
    const text = this.pendingCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    this.pendingCr = text.endsWith('\r');
    this.buffer += text.replace(/\r\n?/g, '\n');
    const frames = this.buffer.split('\n\n');
    this.buffer = frames.pop()!;
    if (
      this.buffer.length > this.maxFrame ||
      frames.some((frame) => frame.length > this.maxFrame)
    ) {
      throw new Error(
        `the platform sent a stream frame larger than ${this.maxFrame / (1024 * 1024)} MiB`,
      );
    }
    return frames.map(parseFrame);
  }
}

function parseFrame(frame: string): SseFrame {
  const lines = frame.split('\n');
  const event = lines
    .find((line) => line.startsWith('event:'))
    ?.slice(6)
    .replace(/^ /, '');
  const data = lines
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n');
  return { event, data };
}
