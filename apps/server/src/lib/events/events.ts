import type { FastifyBaseLogger } from 'fastify';

/**
 * Channels and their payloads. Each module adds its own channels by augmenting
 * this interface, so publishing and subscribing are typed end to end:
 *   declare module '../../lib/events/events' { interface EventMap { my_channel: { id: string } } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the modules through declaration merging
export interface EventMap {}

export type Channel = keyof EventMap & string;
export type Unsubscribe = () => Promise<void>;

export interface SubscribeOptions {
  /**
   * Called when messages may have been missed (the listening connection was
   * lost and is back): a subscriber keeping derived state should rebuild it.
   */
  onMissed?: () => void;
}

/**
 * Messages between every process on the shared database (PostgreSQL
 * LISTEN/NOTIFY). A subscriber also hears what its own process publishes.
 * Delivery is at most once: payloads must be small (< 8000 bytes) hints, not data.
 */
export interface Events {
  publish<C extends Channel>(channel: C, payload: EventMap[C]): Promise<void>;
  subscribe<C extends Channel>(
    channel: C,
    handler: (payload: EventMap[C]) => void,
    options?: SubscribeOptions,
  ): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/** NOTIFY's limit on a payload, in bytes. */
export const MAX_PAYLOAD_BYTES = 7999;

/** Channel names are LISTEN identifiers: checked, since they are written into the statement. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid event channel name: ${channel}`);
  return channel;
}

function encodePayload(payload: unknown): string {
  const text = JSON.stringify(payload ?? null);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error('event payload too large for NOTIFY');
  return text;
}

/** Handlers per channel; a throwing handler is logged and the others still run. */
class HandlerRegistry {
  private readonly byChannel = new Map<
    string,
    Set<{ handler: (p: never) => void; options: SubscribeOptions }>
  >();

  constructor(private readonly onHandlerError: (err: unknown, channel: string) => void) {}

  /** Adds a handler; true when it is the channel's first (the connection must LISTEN). */
  add(
    channel: string,
    handler: (p: never) => void,
    options: SubscribeOptions,
  ): { first: boolean; remove(): boolean } {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    const entry = { handler, options };
    set.add(entry);
    return {
      first,
      /** Removes it; true when the channel has no handler left (the connection may UNLISTEN). */
      remove: () => {
        const current = this.byChannel.get(channel);
        if (!current?.delete(entry)) return false;
        if (current.size > 0) return false;
        this.byChannel.delete(channel);
        return true;
      },
    };
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, text: string | undefined): void {
    const set = this.byChannel.get(channel);
    if (!set) return;
    let payload: unknown;
    try {
      payload = JSON.parse(text ?? 'null');
    } catch (err) {
      this.onHandlerError(err, channel);
      return;
    }
    for (const { handler } of set) {
      try {
        (handler as (p: unknown) => void)(payload);
      } catch (err) {
        this.onHandlerError(err, channel);
      }
    }
  }

  missed(): void {
    for (const [channel, set] of this.byChannel) {
      for (const { options } of set) {
        try {
          options.onMissed?.();
        } catch (err) {
          this.onHandlerError(err, channel);
        }
      }
    }
  }
}

/**
 * Events over LISTEN/NOTIFY, whatever the driver: a channel is listened to
 * while it has a subscriber, and every message is handed to each of them.
 * A driver says how to NOTIFY, LISTEN and UNLISTEN.
 */
export abstract class NotifyEvents implements Events {
  protected readonly handlers: HandlerRegistry;

  constructor(log: FastifyBaseLogger) {
    this.handlers = new HandlerRegistry((err, channel) =>
      log.error({ err, channel }, 'event handler failed'),
    );
  }

  protected abstract notify(channel: string, text: string): Promise<void>;
  protected abstract listen(channel: string): Promise<void>;
  protected abstract unlisten(channel: string): Promise<void>;
  abstract close(): Promise<void>;

  async publish<C extends Channel>(channel: C, payload: EventMap[C]): Promise<void> {
    await this.notify(checkedChannel(channel), encodePayload(payload));
  }

  async subscribe<C extends Channel>(
    channel: C,
    handler: (payload: EventMap[C]) => void,
    options: SubscribeOptions = {},
  ): Promise<Unsubscribe> {
    const name = checkedChannel(channel);
    const added = this.handlers.add(name, handler, options);
    if (added.first) {
      try {
        await this.listen(name);
      } catch (error) {
        added.remove();
        throw error;
      }
    }
    return async () => {
      if (added.remove()) await this.unlisten(name);
    };
  }
}
