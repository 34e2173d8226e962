import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { jobDuration, jobRuns } from './metrics';

/**
 * Runs `work` every `intervalMs` in this process (never when 0). Every process runs its own; the
 * work itself makes sure each row is handled once (FOR UPDATE SKIP LOCKED). A round never overlaps
 * the previous one, a failed round is logged and tried again next time, and stop() waits for the
 * one running.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<void>,
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
    const timer = jobDuration.startTimer({ job: this.name });
    this.running = this.work()
      .then(
        () => jobRuns.inc({ job: this.name, outcome: 'ok' }),
        (err) => {
          jobRuns.inc({ job: this.name, outcome: 'failed' });
          // The database away (a restart, a failover) is expected now and then; anything else is a fault.
          const level = isDatabaseUnavailable(err) ? 'warn' : 'error';
          this.log[level]({ err, job: this.name }, 'background job failed; retried next round');
        },
      )
      .finally(() => {
        timer();
        this.running = undefined;
      });
  }
}
