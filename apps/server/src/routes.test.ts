import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { updateUser } from './modules/users/users.repo';
import { signedInUser } from './plugins/auth';
import { ROUTE_MODULES, type RouteModule } from './routes';

/** A module with one admin route, registered the way every module's admin routes are. */
const probeModule: RouteModule = {
  async admin(app: FastifyInstance) {
    // No preHandler of its own: the scope it is registered in checks the role.
    app.get('/probe/stock-report', async (request) => ({ seenBy: signedInUser(request).email }));
    app.post('/probe/import', async () => ({ imported: true }));
  },
  async store(app: FastifyInstance) {
    app.get('/probe/public', async () => ({ open: true }));
  },
};

describe('routes split by actor', () => {
  let t: TestApp;
  let shopperToken: string;
  let adminToken: string;

  const register = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Someone', email, password: 'sunrise42', phoneNumber: '1' },
    });
    return res.json() as { user: { _id: string }; token: string };
  };
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    t = await createTestApp({}, { modules: [...ROUTE_MODULES, probeModule] });
    shopperToken = (await register('shopper@example.com')).token;
    const admin = await register('admin@example.com');
    await updateUser(t.db, admin.user._id, { isAdmin: true });
    adminToken = admin.token;
  });
  afterAll(async () => t.close());

  it('answers a guest with 401 on an admin route', async () => {
    const res = await get('/api/probe/stock-report');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in to continue.', code: 'UNAUTHORIZED' });
  });

  it('answers a shopper with 403 on an admin route', async () => {
    const res = await get('/api/probe/stock-report', shopperToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only shop administrators can do this.', code: 'FORBIDDEN' });
  });

  it('lets an admin through, signed in', async () => {
    const res = await get('/api/probe/stock-report', adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ seenBy: 'admin@example.com' });
  });

  it('keeps the admin check out of the store routes of the same module', async () => {
    expect((await get('/api/probe/public')).statusCode).toBe(200);
    expect((await get('/api/probe/public', shopperToken)).statusCode).toBe(200);
  });

  it('refuses a shopper before reading the body of an admin request', async () => {
    const post = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/probe/import',
        payload: JSON.stringify({ rows: 'x'.repeat(2 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
    // Over the body limit, yet a shopper hears 403: the role is checked first (onRequest).
    expect((await post(shopperToken)).statusCode).toBe(403);
    expect((await post(adminToken)).statusCode).toBe(413);
  });
});
