import type { Background } from '../src/lib/background';

/** Background work that waits until the test runs it, so a test can see what a reply did not wait for. */
export class ManualBackground implements Background {
  readonly queued: { name: string; task: () => Promise<unknown> }[] = [];

  run(name: string, task: () => Promise<unknown>): void {
    this.queued.push({ name, task });
  }

  /** Runs everything queued so far, in order. */
  async flush(): Promise<void> {
    while (this.queued.length > 0) await this.queued.shift()!.task();
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
