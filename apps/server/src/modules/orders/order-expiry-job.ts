import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs the expiry of unpaid orders every `intervalMs` in this process. Every process runs its own;
 * the expiry itself (OrdersService.expireDue) makes sure each order is released once. A round never
 * overlaps the previous one, and stop() waits for the one running.
 */
export class OrderExpiryJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly expire: () => Promise<number>,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.expire()
      .then((count) => {
        if (count > 0) this.log.info({ count }, 'unpaid orders expired');
      })
      .catch((err) => this.log.error({ err }, 'order expiry failed; retried next round'))
      .finally(() => {
        this.running = undefined;
      });
  }
}
