import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from '../../db/client';
import { NotifyEvents } from './events';

/** application_name of the listening session. */
export const LISTENER_NAME = 'bazaar-events';
const FIRST_RETRY_MS = 100;
/**
 * Tries at most a second apart: caches are dropped only once it listens again, so the time from the
 * database's return to a reconnect is how long they may answer what another process changed.
 */
const MAX_RETRY_MS = 1000;

/**
 * Events on a PostgreSQL server. Listening needs a session of its own (a pooled
 * connection goes back to the pool), so one dedicated client LISTENs; when it is
 * lost it reconnects with backoff, listens again and tells subscribers they may
 * have missed messages. Publishing goes through the ordinary pool.
 */
export class PostgresEvents extends NotifyEvents {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: { url: string; pool: pg.Pool; log: FastifyBaseLogger }) {
    super(options.log);
  }

  protected async notify(channel: string, text: string): Promise<void> {
    await this.options.pool.query('select pg_notify($1, $2)', [channel, text]);
  }

  protected async listen(channel: string): Promise<void> {
    const client = await this.connected();
    await client.query(`LISTEN "${channel}"`);
  }

  protected async unlisten(channel: string): Promise<void> {
    // Without a connection there is nothing to stop: a reconnect listens only to channels still wanted.
    await this.client?.query(`UNLISTEN "${channel}"`).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** The listening client, connecting it first when needed (one attempt at a time). */
  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    // Named, so an operator (or a test) can tell the listening session apart in pg_stat_activity.
    const client = new pg.Client({
      connectionString: this.options.url,
      application_name: LISTENER_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on('notification', (message) => this.handlers.deliver(message.channel, message.payload));
    client.on('error', (err) => {
      this.options.log.warn({ err }, 'event listener connection failed');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const name of this.handlers.channels()) await client.query(`LISTEN "${name}"`);
    if (this.closed) {
      await client.end();
      throw new Error('events closed');
    }
    this.client = client;
    return client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    if (!this.closed) this.reconnectLater();
  }

  private reconnectLater(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.connected().then(
        () => {
          this.retryMs = FIRST_RETRY_MS;
          this.options.log.info('event listener reconnected');
          this.handlers.missed();
        },
        (err) => {
          if (this.closed) return;
          this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
          this.options.log.warn({ err, retryInMs: this.retryMs }, 'event listener still disconnected');
          this.reconnectLater();
        },
      );
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
