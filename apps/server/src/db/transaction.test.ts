import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { findUserByEmail, insertUser, updateUser } from '../modules/users/users.repo';
import { users } from './schema/users';
import { inTransaction } from './transaction';
import { isTransactionConflict } from './transaction-conflict';
import { isUniqueViolation } from './unique-violation';

describe('inTransaction (unit of work)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('rolls the first step back when the second fails, and runs only the rollback steps', async () => {
    await insertUser(t.db, { name: 'Taken', email: 'taken@example.com', passwordHash: null });
    const ran: string[] = [];
    const attempt = inTransaction(t.db, async (tx, unit) => {
      unit.afterCommit(() => ran.push('after commit'));
      unit.onRollback(() => ran.push('on rollback'));
      await insertUser(tx, { name: 'First step', email: 'first@example.com', passwordHash: null });
      // The second step breaks the unique email index.
      await insertUser(tx, { name: 'Second step', email: 'TAKEN@example.com', passwordHash: null });
    });
    const error = await attempt.catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(await findUserByEmail(t.db, 'first@example.com')).toBeUndefined();
    expect(ran).toEqual(['on rollback']);
  });

  it('commits every step together and then runs the after-commit steps', async () => {
    const ran: string[] = [];
    const id = await inTransaction(t.db, async (tx, unit) => {
      const user = await insertUser(tx, { name: 'Both', email: 'both@example.com', passwordHash: null });
      await updateUser(tx, user.id, { phoneNumber: '12345' });
      unit.afterCommit(() => ran.push(`committed ${user.email}`));
      // Nothing has run yet: the transaction is still open.
      expect(ran).toEqual([]);
      return user.id;
    });
    expect(ran).toEqual(['committed both@example.com']);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.phoneNumber).toBe('12345');
  });

  it('lets a nested unit join the outer one: one commit, or one rollback for both', async () => {
    const ran: string[] = [];
    await expect(
      inTransaction(t.db, async (outer) => {
        await insertUser(outer, { name: 'Outer', email: 'outer@example.com', passwordHash: null });
        await inTransaction(outer, async (inner, unit) => {
          unit.afterCommit(() => ran.push('inner committed'));
          await insertUser(inner, { name: 'Inner', email: 'inner@example.com', passwordHash: null });
        });
        expect(ran).toEqual([]);
        throw new Error('the outer unit fails after the inner one finished');
      }),
    ).rejects.toThrow('outer unit fails');
    expect(await findUserByEmail(t.db, 'outer@example.com')).toBeUndefined();
    expect(await findUserByEmail(t.db, 'inner@example.com')).toBeUndefined();
    expect(ran).toEqual([]);
  });

  it('runs a unit again that lost to a deadlock, with the failed attempt rolled back and its hooks', async () => {
    const ran: string[] = [];
    let attempts = 0;
    const id = await inTransaction(t.db, async (tx, unit) => {
      attempts += 1;
      unit.afterCommit(() => ran.push(`committed ${attempts}`));
      unit.onRollback(() => ran.push(`rolled back ${attempts}`));
      const user = await insertUser(tx, {
        name: 'Again',
        email: `again${attempts}@example.com`,
        passwordHash: null,
      });
      if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return user.id;
    });
    expect(attempts).toBe(2);
    expect(ran).toEqual(['rolled back 1', 'committed 2']);
    expect(await findUserByEmail(t.db, 'again1@example.com')).toBeUndefined();
    expect((await findUserByEmail(t.db, 'again2@example.com'))?.id).toBe(id);
  });

  it('does not run again a unit that failed for its own reason, nor one that keeps conflicting', async () => {
    let unique = 0;
    await insertUser(t.db, { name: 'Once', email: 'once@example.com', passwordHash: null });
    await expect(
      inTransaction(t.db, async (tx) => {
        unique += 1;
        await insertUser(tx, { name: 'Once more', email: 'once@example.com', passwordHash: null });
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect(unique).toBe(1);
    let conflicts = 0;
    const error = await inTransaction(t.db, async () => {
      conflicts += 1;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    }).catch((e: unknown) => e);
    expect(isTransactionConflict(error)).toBe(true);
    expect(conflicts).toBe(3);
  });

  it('on PostgreSQL, lets both sides of a real deadlock commit (one is cancelled by the server, then runs again)', async (ctx) => {
    if (t.deps.database.kind !== 'postgres') ctx.skip();
    const a = await insertUser(t.db, { name: 'A', email: 'lock-a@example.com', passwordHash: null });
    const b = await insertUser(t.db, { name: 'B', email: 'lock-b@example.com', passwordHash: null });
    let holding = 0;
    let release!: () => void;
    const bothHold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const crossing = (first: string, second: string, phone: string) =>
      inTransaction(t.db, async (tx) => {
        await updateUser(tx, first, { phoneNumber: phone });
        holding += 1;
        if (holding === 2) release();
        await bothHold;
        await updateUser(tx, second, { phoneNumber: phone });
      });
    await Promise.all([crossing(a.id, b.id, '11111'), crossing(b.id, a.id, '22222')]);
    expect(holding).toBe(3);
    const phones = [
      (await findUserByEmail(t.db, 'lock-a@example.com'))?.phoneNumber,
      (await findUserByEmail(t.db, 'lock-b@example.com'))?.phoneNumber,
    ];
    // The unit that ran again wrote last, over both rows.
    expect(phones[0]).toBe(phones[1]);
  });
});
