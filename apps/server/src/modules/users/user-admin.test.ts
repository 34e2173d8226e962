import type { AdminUsersReply } from '@bazaar/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { insertPendingOrder } from '../../../test/fixtures/orders';
import { insertFixtureCatalogue } from '../../../test/fixtures/products';
import { createTestApp, recordingInject, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';

describe('users admin', () => {
  let t: TestApp;
  let admin: Account;
  let asha: Account;
  const recorder = recordingInject(() => t.app);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@example.com', { admin: true, name: 'Ada Admin' });
    asha = await signUp(t, 'asha@example.com', { name: 'Asha Rao' });
    await signUp(t, 'ravi@example.com', { name: 'Ravi Kumar' });
  });
  afterAll(async () => t.close());

  const list = async (query = '', auth = admin.auth) => {
    const res = await recorder.call({ method: 'GET', url: `/api/users/all${query}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json() as AdminUsersReply;
  };
  const setRole = (userId: string, newStatus: string, auth = admin.auth) =>
    recorder.call({
      method: 'PUT',
      url: `/api/users/update/${userId}`,
      headers: auth,
      payload: { newStatus },
    });
  const remove = (userId: string, auth = admin.auth) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/delete/${userId}`, headers: auth });

  it('lists users newest first with the three counts, never a password hash', async () => {
    const body = await list();
    expect(body.counts).toEqual({ totalUsers: 3, totalAdmins: 1, nonAdminUsers: 2 });
    expect(body.adminUsers.map((u) => u.email)).toEqual([
      'ravi@example.com',
      'asha@example.com',
      'admin@example.com',
    ]);
    expect(body).toMatchObject({ total: 3, page: 1, pages: 1 });
    for (const text of recorder.bodies) expect(text).not.toMatch(/password_?hash|scrypt/i);
  });

  it('searches name, email, phone and id, case-insensitively, keeping the shop-wide counts', async () => {
    expect((await list('?search=ASHA')).adminUsers.map((u) => u.email)).toEqual(['asha@example.com']);
    expect((await list('?search=ravi@')).adminUsers).toHaveLength(1);
    expect((await list('?search=98765')).total).toBe(3);
    expect((await list(`?search=${asha.id.slice(0, 8)}`)).adminUsers[0]?._id).toBe(asha.id);
    const none = await list('?search=nobody');
    expect(none).toMatchObject({ adminUsers: [], total: 0, counts: { totalUsers: 3 } });
    expect((await list('?limit=2&page=2')).adminUsers).toHaveLength(1);
  });

  it('caps the search at 50 characters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/all?search=${'a'.repeat(51)}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(400);
  });

  it('promotes a user, whose open session gains admin rights at once, and records it', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/all', headers: asha.auth })).statusCode,
    ).toBe(403);
    const res = await setRole(asha.id, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'User updated successfully',
      user: { _id: asha.id, isAdmin: true },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/all', headers: asha.auth })).statusCode,
    ).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, asha.id));
    expect(entry).toMatchObject({
      action: 'user.role',
      entity: 'user',
      actorId: admin.id,
      actorEmail: 'admin@example.com',
      before: { email: 'asha@example.com', isAdmin: false },
      after: { email: 'asha@example.com', isAdmin: true },
    });
  });

  it('demotes an admin, whose open session loses admin rights on its very next request', async () => {
    const res = await setRole(asha.id, 'user');
    expect(res.statusCode).toBe(200);
    // The same token as before: the session is checked against the user row on every request.
    const after = await t.app.inject({ method: 'GET', url: '/api/users/all', headers: asha.auth });
    expect(after.statusCode).toBe(403);
    // … while the account itself still works.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/user', headers: asha.auth })).statusCode,
    ).toBe(200);
  });

  it('refuses an admin changing their own role or deleting themselves (409, not a session-ending 403)', async () => {
    const demote = await setRole(admin.id, 'user');
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('You cannot change your own role. Ask another admin to do it.');
    expect((await remove(admin.id)).statusCode).toBe(409);
    expect((await list()).counts.totalAdmins).toBe(1);
  });

  it('validates the new status and the user', async () => {
    expect((await setRole(asha.id, 'owner')).statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'PUT',
      url: `/api/users/update/${asha.id}`,
      headers: admin.auth,
      payload: { newStatus: 'admin', isAdmin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect((await setRole('00000000-0000-4000-8000-000000000000', 'admin')).statusCode).toBe(404);
    expect((await setRole('not-an-id', 'admin')).statusCode).toBe(404);
  });

  it("deletes a user and keeps their orders, which keep the buyer's name and email", async () => {
    const product = (await insertFixtureCatalogue(t.db)).find((p) => p.countInStock > 0);
    const order = await insertPendingOrder(t.db, {
      userId: asha.id,
      items: [{ productId: product!.id, quantity: 1, unitPricePaise: 1000 }],
    });
    const res = await remove(asha.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully', _id: asha.id });
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: null, name: 'Asha Rao', email: 'asha@example.com' });
    expect(await t.db.select().from(users).where(eq(users.id, asha.id))).toEqual([]);
    // The deleted account's token no longer opens a session.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/user', headers: asha.auth })).statusCode,
    ).toBe(401);
    expect((await remove(asha.id)).statusCode).toBe(404);
  });
});

describe('the last admin, with two server processes', () => {
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

  it('survives two admins demoting (or deleting) each other at once: one wins, one is refused', async () => {
    for (const round of ['demote', 'delete'] as const) {
      const first = await signUp(a, `first-${round}@example.com`, { admin: true });
      const second = await signUp(a, `second-${round}@example.com`, { admin: true });
      // Only these two are admins now.
      await a.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
      await a.db.update(users).set({ isAdmin: true }).where(eq(users.email, first.email));
      await a.db.update(users).set({ isAdmin: true }).where(eq(users.email, second.email));
      const act = (t: TestApp, actor: Account, target: Account) =>
        round === 'demote'
          ? t.app.inject({
              method: 'PUT',
              url: `/api/users/update/${target.id}`,
              headers: actor.auth,
              payload: { newStatus: 'user' },
            })
          : t.app.inject({ method: 'DELETE', url: `/api/users/delete/${target.id}`, headers: actor.auth });
      const replies = await Promise.all([act(a, first, second), act(b, second, first)]);
      const bodies = replies.map((r) => r.body).join(' | ');
      // The loser is refused either by the last-admin rule (both in flight at once) or, when the
      // winner committed before its request was even authenticated, as no longer an admin (403)
      // or no longer an account (401).
      expect(
        replies.filter((r) => r.statusCode === 200),
        bodies,
      ).toHaveLength(1);
      const loser = replies.find((r) => r.statusCode !== 200)!;
      expect([401, 403, 409], bodies).toContain(loser.statusCode);
      if (loser.statusCode === 409)
        expect(loser.json().message).toBe('The shop must keep at least one admin.');
      const admins = await a.db.select().from(users).where(eq(users.isAdmin, true));
      expect(admins).toHaveLength(1);
    }
  });
});
