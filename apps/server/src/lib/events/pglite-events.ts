import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { NotifyEvents } from './events';

/**
 * Events on the embedded database: PGlite runs PostgreSQL's own LISTEN/NOTIFY
 * inside the process, so a NOTIFY sent in a transaction still arrives only on commit.
 */
export class PgliteEvents extends NotifyEvents {
  private readonly unlistenFns = new Map<string, () => Promise<void>>();

  constructor(
    private readonly client: PGlite,
    log: FastifyBaseLogger,
  ) {
    super(log);
  }

  protected async notify(channel: string, text: string): Promise<void> {
    await this.client.query('select pg_notify($1, $2)', [channel, text]);
  }

  protected async listen(channel: string): Promise<void> {
    // Only this instance's callback is removed later: apps sharing one PGlite keep theirs.
    const stop = await this.client.listen(channel, (text) => this.handlers.deliver(channel, text));
    this.unlistenFns.set(channel, () => stop());
  }

  protected async unlisten(channel: string): Promise<void> {
    const stop = this.unlistenFns.get(channel);
    this.unlistenFns.delete(channel);
    if (stop && !this.client.closed) await stop();
  }

  async close(): Promise<void> {
    for (const channel of [...this.unlistenFns.keys()]) await this.unlisten(channel);
  }
}
