import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { defaultZoneBody, deliveryCalls, zoneBody } from '../../../test/fixtures/delivery';
import { createTestApp, twoProcesses } from '../../../test/helpers';
import type { Events } from '../../lib/events/index';
import { LISTENER_NAME } from '../../lib/events/postgres-events';

/** Events that never arrive: a process whose every message was lost. */
const deaf: Events = {
  publish: async () => {},
  subscribe: async () => async () => {},
  close: async () => {},
};

// Two apps on one database, as two server processes: on PostgreSQL (TEST_DATABASE_URL) each has its own
// pool and listening connection; on PGlite they share the engine but each keeps its own copy of the zones.
describe('delivery zones on two processes', () => {
  const processes = twoProcesses();
  let admin: Account;
  let onA: ReturnType<typeof deliveryCalls>;
  let onB: ReturnType<typeof deliveryCalls>;
  const heardOnB: number[] = [];
  let stopListening: (() => void) | undefined;

  beforeAll(async () => {
    admin = await signUp(processes.a, 'admin@example.com', { admin: true });
    onA = deliveryCalls(() => processes.a.app, admin.auth);
    onB = deliveryCalls(() => processes.b.app, admin.auth);
    stopListening = await processes.b.services.settings.onChange(() => heardOnB.push(Date.now()));
  });
  afterAll(() => stopListening?.());

  it('uses a zone made on one process on the other at once, and the change made there back', async () => {
    // Both copies are warm: the first answers came from memory.
    expect(await onA.check('560001')).toMatchObject({ fee: 50 });
    expect(await onB.check('560001')).toMatchObject({ fee: 50 });
    const zone = await onA.zone(
      zoneBody({ name: 'Bengaluru', pincodes: ['560'], fee: 30, minDays: 1, maxDays: 1 }),
    );
    // No wait: the reply of the write is back, so B's next answer must know the zone.
    expect(await onB.check('560001')).toMatchObject({ deliverable: true, fee: 30 });
    const edited = await onB.updateZone(
      zone._id,
      zoneBody({ name: 'Bengaluru', pincodes: ['5600'], fee: 25 }),
    );
    expect(edited.statusCode).toBe(200);
    expect(await onA.check('560001')).toMatchObject({ fee: 25 });
    expect(await onA.check('561001')).toMatchObject({ fee: 50 });
    await onA.defaultZone(defaultZoneBody({ deliversOutside: false }));
    expect(await onB.check('561001')).toMatchObject({ deliverable: false });
    expect(await processes.b.services.delivery.quote(processes.b.db, '561001', 0, new Date())).toEqual({
      deliverable: false,
      zone: null,
    });
    await onB.defaultZone(defaultZoneBody());
    expect(await onA.check('561001')).toMatchObject({ deliverable: true });
    // The cart's figures (the default zone's) on the other process too.
    await onA.defaultZone(defaultZoneBody({ fee: 45 }));
    expect((await processes.b.services.settings.pricing()).shippingFeePaise).toBe(4_500);
    await onA.defaultZone(defaultZoneBody());
  });

  it('tells the other process, which rebuilds its copy before anyone asks (and drops its rendered pages)', async () => {
    const before = heardOnB.length;
    await onA.zone(zoneBody({ name: 'Chennai', pincodes: ['600'], fee: 55 }));
    await vi.waitFor(() => expect(heardOnB.length).toBeGreaterThan(before));
    expect(await onB.check('600001')).toMatchObject({ fee: 55 });
  });

  // On PGlite there is one process (DATA_DIR's lock), whose engine hands every message over at the commit.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers with the change at once even on a process that never hears of it (it checks the revision)',
    async () => {
      const c = await createTestApp({}, { sameDatabaseAs: processes.a, events: deaf });
      try {
        const onC = deliveryCalls(() => c.app, admin.auth);
        expect(await onC.check('380001')).toMatchObject({ fee: 50 });
        await onA.zone(zoneBody({ name: 'Ahmedabad', pincodes: ['380'], fee: 35 }));
        expect(await onC.check('380001')).toMatchObject({ fee: 35 });
        await onA.defaultZone(defaultZoneBody({ deliversOutside: false }));
        expect(await onC.check('799001')).toMatchObject({ deliverable: false });
        await onA.defaultZone(defaultZoneBody());
      } finally {
        await c.close();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'drops and reloads its copy when its listening connection was lost, and hears changes again',
    async () => {
      const before = heardOnB.length;
      const { database } = processes.b.deps;
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      // Ends every process's listening connection on this database (A's too): both reconnect.
      await processes.a.db.execute(
        `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = '${LISTENER_NAME}' and datname = current_database()`,
      );
      await vi.waitFor(() => expect(heardOnB.length).toBeGreaterThan(before), { timeout: 5000 });
      const heard = heardOnB.length;
      await onA.zone(zoneBody({ name: 'Kolkata', pincodes: ['700'], fee: 60 }));
      await vi.waitFor(() => expect(heardOnB.length).toBeGreaterThan(heard), { timeout: 5000 });
      expect(await onB.check('700001')).toMatchObject({ fee: 60 });
    },
  );
});
