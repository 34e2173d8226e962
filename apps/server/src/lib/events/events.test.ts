import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Events } from './events';
import { LISTENER_NAME } from './postgres-events';

declare module './events' {
  interface EventMap {
    test_ping: { n: number };
  }
}

describe('events over LISTEN/NOTIFY', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const collect = async (events: Events) => {
    const got: number[] = [];
    const stop = await events.subscribe('test_ping', (payload) => got.push(payload.n));
    return { got, stop };
  };

  it('delivers what one app publishes to every subscriber, in its own process and the other', async () => {
    const onA = await collect(a.deps.events);
    const onB = await collect(b.deps.events);
    await a.deps.events.publish('test_ping', { n: 1 });
    await b.deps.events.publish('test_ping', { n: 2 });
    await vi.waitFor(() => {
      expect(onA.got).toEqual([1, 2]);
      expect(onB.got).toEqual([1, 2]);
    });
    await onB.stop();
    await a.deps.events.publish('test_ping', { n: 3 });
    await vi.waitFor(() => expect(onA.got).toEqual([1, 2, 3]));
    expect(onB.got).toEqual([1, 2]);
    await onA.stop();
  });

  it('delivers a message published inside a transaction only when it commits', async () => {
    const onB = await collect(b.deps.events);
    await a.db
      .transaction(async (tx) => {
        await tx.execute(`select pg_notify('test_ping', '{"n":10}')`);
        tx.rollback();
      })
      .catch(() => {});
    await a.db.transaction(async (tx) => {
      await tx.execute(`select pg_notify('test_ping', '{"n":11}')`);
    });
    await vi.waitFor(() => expect(onB.got).toEqual([11]));
    await onB.stop();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'listens again after losing its connection, and says messages may have been missed',
    async () => {
      let missed = 0;
      const got: number[] = [];
      const stop = await b.deps.events.subscribe('test_ping', (p) => got.push(p.n), {
        onMissed: () => {
          missed += 1;
        },
      });
      const terminated = await a.db.execute(
        `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = '${LISTENER_NAME}' and datname = current_database()`,
      );
      expect((terminated as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      await vi.waitFor(() => expect(missed).toBe(1), { timeout: 5000 });
      await a.deps.events.publish('test_ping', { n: 20 });
      await vi.waitFor(() => expect(got).toEqual([20]));
      await stop();
    },
  );
});
