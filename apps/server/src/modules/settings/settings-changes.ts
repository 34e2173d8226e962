import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Events } from '../../lib/events/index';

const CHANGED = 'shop_settings_changed';

declare module '../../lib/events/events' {
  interface EventMap {
    /** The shop's settings changed; `origin` is the process that said so, which already knows. */
    shop_settings_changed: { origin: string };
  }
}

/**
 * Tells whoever keeps something the settings show (the rendered pages' cache) that they changed: this
 * process's listeners at once, every other process through the database. Messages missed while the
 * listening connection was down count as a change.
 */
export class SettingsChanges {
  private readonly listeners = new Set<() => void>();
  private readonly origin = randomUUID();
  private listening: Promise<unknown> | undefined;

  constructor(private readonly deps: { events: Events; log: FastifyBaseLogger }) {}

  /** Says the settings changed; call it after the change committed. A failed publish is logged. */
  async announce(): Promise<void> {
    this.notify();
    try {
      await this.deps.events.publish(CHANGED, { origin: this.origin });
    } catch (err) {
      this.deps.log.warn({ err }, 'settings change not announced to other processes');
    }
  }

  /** Calls `listener` on every change, here or elsewhere; resolves once other processes are heard. */
  async onChange(listener: () => void): Promise<() => void> {
    this.listeners.add(listener);
    this.listening ??= this.deps.events.subscribe(
      CHANGED,
      (message) => {
        if (message.origin !== this.origin) this.notify();
      },
      { onMissed: () => this.notify() },
    );
    await this.listening;
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
