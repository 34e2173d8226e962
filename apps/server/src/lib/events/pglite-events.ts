import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Channel,
  checkedChannel,
  type EventMap,
  type Events,
  encodePayload,
  HandlerRegistry,
  type SubscribeOptions,
  type Unsubscribe,
} from './events';

/**
 * Events on the embedded database: PGlite runs PostgreSQL's own LISTEN/NOTIFY
 * inside the process, so a NOTIFY sent in a transaction still arrives only on commit.
 */
export class PgliteEvents implements Events {
  private readonly handlers: HandlerRegistry;
  private readonly unlisten = new Map<string, () => Promise<void>>();
  private closed = false;

  constructor(
    private readonly client: PGlite,
    log: FastifyBaseLogger,
  ) {
    this.handlers = new HandlerRegistry((err, channel) =>
      log.error({ err, channel }, 'event handler failed'),
    );
  }

  async publish<C extends Channel>(channel: C, payload: EventMap[C]): Promise<void> {
    await this.client.query('select pg_notify($1, $2)', [checkedChannel(channel), encodePayload(payload)]);
  }

  async subscribe<C extends Channel>(
    channel: C,
    handler: (payload: EventMap[C]) => void,
    options: SubscribeOptions = {},
  ): Promise<Unsubscribe> {
    const name = checkedChannel(channel);
    const added = this.handlers.add(name, handler, options);
    if (added.first) {
      const stop = await this.client.listen(name, (text) => this.handlers.deliver(name, text));
      this.unlisten.set(name, () => stop());
    }
    return async () => {
      if (added.remove()) await this.stopListening(name);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const name of [...this.unlisten.keys()]) await this.stopListening(name);
  }

  private async stopListening(name: string): Promise<void> {
    const stop = this.unlisten.get(name);
    this.unlisten.delete(name);
    if (stop && !this.client.closed) await stop();
  }
}
