import type { DestinationStream } from 'pino';

/**
 * How much log output may wait for a reader that is not reading (a stalled pipe, a hung log
 * shipper) before lines are dropped: the shop keeps serving and its memory stays bounded.
 */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** pino's number for warn. */
const WARN = 40;

/**
 * Log lines to stdout without ever blocking. pino's default destination writes synchronously, so a
 * reader that stops reading stops the whole process (and its exit, which flushes synchronously).
 * Node writes to a pipe or socket asynchronously and drops what is queued when the process exits;
 * lines beyond MAX_PENDING_BYTES are counted, and the count is logged once the reader catches up.
 */
export class StdoutDestination implements DestinationStream {
  private dropped = 0;

  constructor(private readonly out: NodeJS.WriteStream = process.stdout) {}

  write(line: string): void {
    if (this.out.writableLength > MAX_PENDING_BYTES) {
      this.dropped += 1;
      return;
    }
    if (this.dropped > 0) {
      const msg = `${this.dropped} log lines dropped: the log reader fell behind`;
      this.out.write(`${JSON.stringify({ level: WARN, time: Date.now(), pid: process.pid, msg })}\n`);
      this.dropped = 0;
    }
    this.out.write(line);
  }

  /** Resolves once what is queued has been written, or after `timeoutMs`, whichever comes first. */
  async drain(timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.out.writableLength > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** The process's one stdout destination (what the shutdown drains). */
export const stdoutDestination = new StdoutDestination();
