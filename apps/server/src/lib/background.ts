import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (the token and mail of a reset request, so the reply
 * and its timing are the same whether or not an account exists). A failure is logged; close()
 * waits for what is still running.
 */
export interface Background {
  run(name: string, task: () => Promise<unknown>): void;
  close(): Promise<void>;
}

/** Runs each task at once, after the current request's work. */
export class InProcessBackground implements Background {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<unknown>): void {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err) => this.log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  async close(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
