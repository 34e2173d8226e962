import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualBackground } from '../../../test/background';
import { messageRows, startLocalWhatsApp, whatsappMessaging } from '../../../test/fixtures/messages';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { WhatsAppServer } from '../../../test/whatsapp-server';
import { outboxEmails } from '../../db/schema/users';
import { inTransaction } from '../../db/transaction';

// Two apps with their own pools on one database, as two server processes are: on PostgreSQL
// (TEST_DATABASE_URL) their claims really overlap; on PGlite they share the one embedded engine.
describe('two processes delivering the same outbox', () => {
  let server: WhatsAppServer;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    server = await startLocalWhatsApp();
    const messaging = whatsappMessaging(server, 5000);
    a = await createTestApp({ messaging }, { background: new ManualBackground() });
    b = await createTestApp({ messaging }, { background: new ManualBackground(), sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await server?.close();
  });

  it('sends each message exactly once when both run the job at the same time, retries included', async () => {
    const count = 60;
    await inTransaction(a.db, async (tx) => {
      for (let i = 0; i < count; i++) {
        await a.services.notify.enqueue(
          tx,
          'order_delivered',
          { phone: `9${String(100_000_000 + i)}`, email: `shopper${i}@example.com` },
          { name: `Shopper ${i}`, orderNumber: `N${i}` },
        );
      }
    });
    // Each send takes a while, so both processes are mid-batch together; a few are turned away once.
    server.setLatency(15);
    server.failNext({ status: 503, code: 131016, message: 'Service unavailable' }, 5);
    const rounds = () =>
      Promise.all([
        a.services.notify.runDue(),
        b.services.notify.runDue(),
        a.services.notify.runDue(),
        b.services.notify.runDue(),
      ]);
    await rounds();
    // The ones turned away are due again at once, as if their wait had passed.
    await a.db.execute(`update message_outbox set next_attempt_at = now() where status = 'queued'`);
    await rounds();
    server.setLatency(0);

    const rows = await messageRows(a.db);
    expect(rows).toHaveLength(2 * count);
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    const whatsapp = rows.filter((r) => r.channel === 'whatsapp');
    const takenPerMessage = new Map<string, number>();
    for (const m of server.taken) takenPerMessage.set(m.opaque!, (takenPerMessage.get(m.opaque!) ?? 0) + 1);
    expect(server.taken).toHaveLength(count);
    expect(whatsapp.every((r) => takenPerMessage.get(r.id) === 1)).toBe(true);
    expect(whatsapp.filter((r) => r.attempts === 2)).toHaveLength(5);
    expect(new Set(whatsapp.map((r) => r.providerMessageId)).size).toBe(count);
    expect(await a.db.$count(outboxEmails)).toBe(count);
  });
});
