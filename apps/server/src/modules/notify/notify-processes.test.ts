import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualBackground } from '../../../test/background';
import { startLocalWhatsApp, whatsappEnv, whatsappMessaging } from '../../../test/fixtures/messages';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import type { WhatsAppServer } from '../../../test/whatsapp-server';
import { inTransaction } from '../../db/transaction';
import type { KillPoint } from '../../lib/kill-point';
import { findMessage, type MessageRow } from './notify.repo';

// Real server processes (`node --import tsx src/server.ts`) on one PostgreSQL database, delivering
// messages to a local server speaking WhatsApp's Cloud API; some killed with SIGKILL at a named point
// (TEST_KILL_AT, lib/kill-point.ts) in the middle of a send. What survives is what the database
// holds, and the rule is: never sent twice. PGlite cannot be shared between processes, so without
// TEST_DATABASE_URL there is nothing to run.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const skipped = onPostgres
  ? ''
  : ' (skipped: needs TEST_DATABASE_URL; PGlite cannot be shared between processes)';

/** WhatsApp's timeout in the processes; an attempt counts as lost after 3 times this. */
const TIMEOUT_MS = 300;

async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Starting a process takes seconds, and tens of them on a machine busy with other work.
describe.skipIf(!onPostgres)(`messages delivered by real processes${skipped}`, { timeout: 180_000 }, () => {
  let whatsapp: WhatsAppServer;
  let seeder: TestApp;
  let env: Record<string, string>;
  const running: ServerProcess[] = [];
  let n = 0;

  beforeAll(async () => {
    whatsapp = await startLocalWhatsApp();
    // The seeder only queues; the processes deliver.
    seeder = await createTestApp(
      { messaging: whatsappMessaging(whatsapp) },
      { background: new ManualBackground() },
    );
    const { database, config } = seeder.deps;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    env = {
      DATABASE_URL: database.url,
      JWT_SECRET: config.jwtSecret,
      MESSAGES_CHECK_MS: '100',
      RATE_LIMIT_MAX: '100000',
      ...whatsappEnv(whatsapp, TIMEOUT_MS),
    };
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await seeder?.close();
    await whatsapp?.close();
  });

  const start = async (killAt?: KillPoint, extra: Record<string, string> = {}) => {
    const server = await startServerProcess({
      ...env,
      ...extra,
      ...(killAt ? { TEST_KILL_AT: killAt } : {}),
    });
    running.push(server);
    return server;
  };
  const queue = (count: number) =>
    inTransaction(seeder.db, async (tx) => {
      const rows: MessageRow[] = [];
      for (let i = 0; i < count; i++, n++) {
        rows.push(
          ...(await seeder.services.notify.enqueue(
            tx,
            'order_placed',
            { phone: `8${String(200_000_000 + n)}` },
            { name: `Shopper ${n}`, orderNumber: `P${n}`, totalPaise: 10_000 + n },
          )),
        );
      }
      return rows;
    });
  const row = async (id: string) => (await findMessage(seeder.db, id))!;
  const takenFor = (id: string) => whatsapp.taken.filter((m) => m.opaque === id);
  const died = async (server: ServerProcess) => {
    const { signal } = await Promise.race([
      server.exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`the process did not die:\n${server.output()}`)), 30_000),
      ),
    ]);
    expect(signal).toBe('SIGKILL');
  };

  it('sends each message exactly once when two processes run the job', async () => {
    // A timeout no busy machine reaches: every attempt here gets its answer.
    const patient = { WHATSAPP_TIMEOUT_MS: '10000' };
    await Promise.all([start(undefined, patient), start(undefined, patient)]);
    whatsapp.setLatency(10);
    try {
      const rows = await queue(40);
      let statuses: string[] = [];
      await until('every message sent', async () => {
        statuses = (await Promise.all(rows.map((r) => row(r.id)))).map((r) => r.status);
        return statuses.every((s) => s === 'sent');
      }).catch((error: Error) => {
        throw new Error(`${error.message}: ${statuses.join(', ')}`);
      });
      for (const message of rows) expect(takenFor(message.id), message.id).toHaveLength(1);
    } finally {
      whatsapp.setLatency(0);
    }
  });

  it('a process killed after claiming a message, before sending it: another marks it unknown and never sends it', async () => {
    const a = await start('notify:claimed');
    const [message] = await queue(1);
    await died(a);
    expect(await row(message!.id)).toMatchObject({ status: 'sending', attempts: 1 });

    await start();
    await until(
      'the lost attempt to be marked unknown',
      async () => (await row(message!.id)).status === 'unknown',
    );
    expect(await row(message!.id)).toMatchObject({
      lastError: expect.stringContaining('process sending it stopped'),
    });
    // Rounds go by; it is not sent, here or anywhere.
    await new Promise((r) => setTimeout(r, 1500));
    expect(takenFor(message!.id)).toHaveLength(0);
    expect((await row(message!.id)).status).toBe('unknown');
  });

  it('a process killed after WhatsApp took a message, before recording it: never sent again; its status report settles it', async () => {
    const a = await start('notify:accepted');
    const [message] = await queue(1);
    await died(a);
    expect(await row(message!.id)).toMatchObject({ status: 'sending', providerMessageId: null });
    expect(takenFor(message!.id)).toHaveLength(1);

    const b = await start();
    await until(
      'the lost attempt to be marked unknown',
      async () => (await row(message!.id)).status === 'unknown',
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(takenFor(message!.id)).toHaveLength(1);

    // WhatsApp reports the message it took, naming our id: the other process settles it.
    const [taken] = takenFor(message!.id);
    const { body, headers } = whatsapp.statusWebhook([
      { message: taken!, status: 'sent' },
      { message: taken!, status: 'delivered' },
    ]);
    const res = await fetch(`${b.baseUrl}/api/messages/whatsapp/webhook`, { method: 'POST', body, headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reports: 2, applied: 2 });
    expect(await row(message!.id)).toMatchObject({ status: 'delivered', providerMessageId: taken!.id });
  });
});
