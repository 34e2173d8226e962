import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, adminRouteCollector, signUp } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/helpers';
import { ROUTE_MODULES } from './routes';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('every admin route', () => {
  const collector = adminRouteCollector();
  let t: TestApp;
  let shopper: Account;
  let admin: Account;

  beforeAll(async () => {
    // The real modules, each admin plugin wrapped only to list the routes it registers.
    const modules = ROUTE_MODULES.map((m) => (m.admin ? { ...m, admin: collector.wrap(m.admin) } : m));
    t = await createTestApp({}, { modules });
    shopper = await signUp(t, 'shopper@example.com');
    admin = await signUp(t, 'admin@example.com', { admin: true });
  });
  afterAll(async () => t.close());

  const call = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: route.method as 'GET',
      url: `/api${route.url.replace(/^\/api/, '').replace(/:[A-Za-z]+/g, SOME_ID)}`,
      headers,
    });

  it('are the spec’s and this issue’s admin paths', () => {
    const listed = collector.routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(listed).toEqual(
      [
        'DELETE /api/products/:id',
        'DELETE /api/users/delete/:userId',
        'GET /api/admin/audit-log',
        'GET /api/admin/contact-messages',
        'GET /api/admin/contact-messages/:id',
        'PUT /api/admin/contact-messages/:id/read',
        'GET /api/admin/newsletter/subscribers',
        'GET /api/admin/newsletter/subscribers.csv',
        'GET /api/admin/products',
        'GET /api/admin/products/:id',
        'GET /api/users/all',
        'POST /api/admin/ai/product-description',
        'POST /api/products',
        'PUT /api/products/:id',
        'PUT /api/settings',
        'PUT /api/users/update/:userId',
        'GET /api/orders/all',
        'GET /api/orders/order/:id',
        'PUT /api/orders/mark-paid/:id',
        'PUT /api/orders/status/:id',
        'DELETE /api/Orders/delete/:id',
        'GET /api/admin/orders.csv',
        'GET /api/admin/holds',
        'POST /api/admin/holds/release',
        'GET /api/coupons/get-coupons',
        'POST /api/coupons/create-coupon',
        'PUT /api/coupons/update-coupon/:couponId',
        'DELETE /api/coupons/delete-coupon/:couponId',
        'GET /api/admin/dashboard',
        'GET /api/admin/messages',
        'POST /api/admin/messages/test',
        'GET /api/admin/delivery',
        'GET /api/admin/delivery/lookup',
        'POST /api/admin/delivery/zones',
        'PUT /api/admin/delivery/zones/:zoneId',
        'POST /api/admin/delivery/zones/:zoneId/pincodes',
        'DELETE /api/admin/delivery/zones/:zoneId',
        'PUT /api/admin/delivery/zone-order',
        'PUT /api/admin/delivery/default-zone',
        'PUT /api/admin/delivery/calendar',
        'GET /api/admin/carriers',
        'PUT /api/admin/carriers',
        'POST /api/admin/orders/:id/ship',
        'POST /api/admin/orders/:id/cash-collected',
        'POST /api/admin/orders/:id/payment-link',
        'GET /api/admin/orders/:id/refunds',
        'POST /api/admin/orders/:id/refunds',
        'GET /api/admin/settings/tax',
        'PUT /api/admin/settings/tax',
        'GET /api/admin/orders/:id/invoice',
        'GET /api/admin/orders/:id/credit-notes',
        'GET /api/admin/orders/:id/credit-notes/:creditNoteId',
        'GET /api/admin/reports/gstr1.csv',
        'GET /api/admin/returns',
        'GET /api/admin/returns/:id/photo',
        'GET /api/admin/orders/:id/returns',
        'POST /api/admin/returns/:id/approve',
        'POST /api/admin/returns/:id/reject',
        'POST /api/admin/returns/:id/receive',
        'POST /api/admin/returns/:id/refund',
        'POST /api/admin/orders/:id/cancel-items',
        'GET /api/admin/products/:id/variants',
        'GET /api/admin/products/export.csv',
        'POST /api/admin/products/:id/variants/generate',
        'POST /api/admin/products/import',
        'PUT /api/admin/products/:id/variants',
        'PATCH /api/admin/variants/:id',
        'GET /api/admin/variants/:id/ledger',
        'GET /api/admin/stock',
        'GET /api/admin/stock/settings',
        'PUT /api/admin/stock/settings',
      ].sort(),
    );
  });

  it('answer a guest with 401 and a shopper with 403, before any handler runs', async () => {
    expect(collector.routes.length).toBeGreaterThan(0);
    for (const route of collector.routes) {
      const guest = await call(route);
      expect(guest.statusCode, `${route.method} ${route.url} as a guest`).toBe(401);
      const asShopper = await call(route, shopper.auth);
      expect(asShopper.statusCode, `${route.method} ${route.url} as a shopper`).toBe(403);
    }
  });

  it('let an admin through to the handler (no 401 or 403)', async () => {
    for (const route of collector.routes) {
      const res = await call(route, admin.auth);
      expect([401, 403], `${route.method} ${route.url} as an admin`).not.toContain(res.statusCode);
    }
  });
});
