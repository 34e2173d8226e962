import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { findUserByEmail, insertUser, updateUser } from '../modules/users/users.repo';
import { users } from './schema/users';
import { inTransaction } from './transaction';
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
});
