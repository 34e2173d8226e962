import type { AuditLogReply, ShopSettings } from '@bazaar/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { multipartEntries } from '../../../test/multipart';

// The contact page's second phone and email lines and its social links: shop settings the admin edits,
// checked, audited, and read by every process.

const CONTACT = {
  secondEmail: 'Orders@Kirana.example',
  secondPhone: '+91 22 4000 5678',
  facebookUrl: 'https://www.facebook.com/kirana.corner',
  instagramUrl: 'https://instagram.com/kirana.corner',
  xUrl: 'https://twitter.com/kirana_corner',
  youtubeUrl: 'https://youtu.be/abc123',
};

describe('the contact page’s settings', () => {
  let t: TestApp;
  let other: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({}, { sameDatabaseAs: t });
    admin = await signUp(t, 'contact-admin@example.com', { admin: true });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const save = async (fields: Record<string, string>) => {
    const body = await multipartEntries(Object.entries(fields));
    return t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
  };
  const read = async (app: TestApp) =>
    (await app.app.inject({ method: 'GET', url: '/api/settings' })).json() as ShopSettings;

  it('are empty on a new shop: no second lines, no links', async () => {
    expect(await read(t)).toMatchObject({
      secondEmail: null,
      secondPhone: null,
      facebookUrl: null,
      instagramUrl: null,
      xUrl: null,
      youtubeUrl: null,
    });
  });

  it('saves the second lines and the links; every process reads them at once; the audit log has the change', async () => {
    const res = await save({ ...CONTACT, phone: '+91 80 1234 5678', email: 'help@kirana.example' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<ShopSettings>();
    expect(saved).toMatchObject({ ...CONTACT, secondEmail: 'orders@kirana.example' });
    expect(await read(other)).toEqual(saved);

    const log = (
      await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?entity=settings', headers: admin.auth })
    ).json<AuditLogReply>();
    expect(log.entries[0]).toMatchObject({
      action: 'settings.update',
      actor: { _id: admin.id },
      after: { ...CONTACT, secondEmail: 'orders@kirana.example' },
    });
    expect(log.entries[0]!.summary).toContain('secondPhone');
    expect(log.entries[0]!.summary).toContain('youtubeUrl');
  });

  it('clears a line or a link with empty text, and keeps those left out', async () => {
    const res = await save({ secondPhone: '', instagramUrl: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ShopSettings>()).toMatchObject({
      secondPhone: null,
      instagramUrl: null,
      secondEmail: 'orders@kirana.example',
      facebookUrl: CONTACT.facebookUrl,
    });
  });

  it('refuses links that are not https on the network’s own site, and a bad second email or phone', async () => {
    const before = await read(t);
    const wrong: [string, string, string][] = [
      [
        'facebookUrl',
        'http://www.facebook.com/kirana',
        'Facebook link must be an https:// address on facebook.com',
      ],
      [
        'facebookUrl',
        'https://facebook.com.evil.example/kirana',
        'Facebook link must be an https:// address on facebook.com',
      ],
      ['instagramUrl', 'javascript:alert(1)', 'Instagram link must be an https:// address on instagram.com'],
      [
        'xUrl',
        'https://user:pass@x.com/kirana',
        'X link must be an https:// address on x.com or twitter.com',
      ],
      [
        'youtubeUrl',
        'https://vimeo.com/kirana',
        'YouTube link must be an https:// address on youtube.com or youtu.be',
      ],
      ['youtubeUrl', `https://youtube.com/${'a'.repeat(300)}`, 'YouTube link must be at most 300 characters'],
      ['secondEmail', 'orders-at-kirana', 'Second email: invalid email format'],
      ['secondPhone', 'call us', 'Second phone may hold digits, spaces, +, - and brackets only'],
    ];
    for (const [field, value, message] of wrong) {
      const res = await save({ [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().fields?.[field], field).toBe(message);
    }
    expect(await read(t)).toEqual(before);
  });

  it('is held to https by the database too, whatever writes the row', async () => {
    await expect(
      t.db.execute(sql`update shop_settings set x_url = 'javascript:alert(1)' where id = 1`),
    ).rejects.toThrow();
    expect((await read(t)).xUrl).toBe(CONTACT.xUrl);
  });
});
