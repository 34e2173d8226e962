import type { AdminDelivery, AdminDeliveryZone, DeliveryLookup } from '@bazaar/shared';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { defaultZoneBody, deliveryCalls, zoneBody } from '../../../test/fixtures/delivery';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { auditLog } from '../../db/schema/admin';
import { deliveryZonePincodes } from '../../db/schema/delivery';

describe('the admin’s delivery zones', () => {
  let t: TestApp;
  let admin: Account;
  let shopper: Account;
  let calls: ReturnType<typeof deliveryCalls>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, 'admin@example.com', { admin: true });
    shopper = await signUp(t, 'shopper@example.com');
    calls = deliveryCalls(() => t.app, admin.auth);
  });
  afterAll(async () => t?.close());

  const audit = (action: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.createdAt));
  const overview = async () => (await calls.overview()).json() as AdminDelivery;

  it('is for admins only', async () => {
    const asShopper = deliveryCalls(() => t.app, shopper.auth);
    expect((await asShopper.overview()).statusCode).toBe(403);
    expect((await asShopper.createZone(zoneBody())).statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'GET', url: '/api/admin/delivery' });
    expect(guest.statusCode).toBe(401);
  });

  it('starts with the default zone only: today’s shipping figures, delivering everywhere', async () => {
    expect(await overview()).toEqual({
      calendar: { businessDays: 'mon-sat', cutoff: '14:00', holidays: [] },
      defaultZone: expect.objectContaining({
        name: 'Rest of India',
        fee: 50,
        freeAbove: 140,
        minDays: 3,
        maxDays: 7,
        cod: false,
        deliversOutside: true,
      }),
      zones: [],
    });
  });

  it('creates zones from typed pincodes, ranges and prefixes, in order, each audited in its transaction', async () => {
    const res = await calls.createZone(
      zoneBody({
        name: 'Mumbai',
        pincodes: '400001\n400002, 400010-400099 4001',
        fee: '40.50',
        freeAbove: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const mumbai = res.json() as AdminDeliveryZone;
    expect(mumbai).toMatchObject({
      name: 'Mumbai',
      fee: 40.5,
      freeAbove: null,
      minDays: 1,
      maxDays: 2,
      cod: true,
      position: 1,
      pincodes: ['400001', '400002', '400010-400099', '4001'],
    });
    const delhi = await calls.zone(zoneBody({ name: 'Delhi', pincodes: ['110'] }));
    expect(delhi.position).toBe(2);
    expect((await overview()).zones.map((z) => z.name)).toEqual(['Mumbai', 'Delhi']);
    const [entry] = await audit('delivery.create_zone');
    expect(entry).toMatchObject({
      actorEmail: 'admin@example.com',
      entity: 'delivery',
      entityId: mumbai._id,
      summary: 'Zone Mumbai: 4 pincode rules, ₹40.5 delivery, 1–2 days, cash on delivery',
      after: expect.objectContaining({
        name: 'Mumbai',
        fee: 40.5,
        pincodes: ['400001', '400002', '400010-400099', '4001'],
      }),
    });
  });

  it('refuses bad entries naming each, a name in use, and days out of order, writing nothing', async () => {
    const bad = await calls.createZone(
      zoneBody({ name: 'Pune', pincodes: '411001, 41100x\n011001 411001-411000' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.pincodes).toBe(
      'entry 2: “41100x” is not a pincode (6 digits, the first 1–9), a range (400001-400099) or a prefix (1 to 5 digits, such as 4000); ' +
        'entry 3: “011001” is not a pincode (6 digits, the first 1–9), a range (400001-400099) or a prefix (1 to 5 digits, such as 4000); ' +
        'entry 4: “411001-411000”: the range ends before it starts',
    );
    const taken = await calls.createZone(zoneBody({ name: 'mumbai' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'A zone named Mumbai already exists.',
      fields: { name: 'This name is already in use' },
    });
    const defaultName = await calls.createZone(zoneBody({ name: 'REST OF INDIA' }));
    expect(defaultName.statusCode).toBe(409);
    const days = await calls.createZone(zoneBody({ name: 'Pune', minDays: 4, maxDays: 2 }));
    expect(days.json().fields).toEqual({ maxDays: 'Slowest delivery cannot be faster than the fastest' });
    const unknown = await calls.createZone({ ...zoneBody({ name: 'Pune' }), colour: 'red' } as never);
    expect(unknown.json().fields).toEqual({ colour: 'Unknown field' });
    expect((await overview()).zones.map((z) => z.name)).toEqual(['Mumbai', 'Delhi']);
  });

  it('replaces a zone’s terms and pincodes, auditing what changed', async () => {
    const [mumbai] = (await overview()).zones;
    const res = await calls.updateZone(
      mumbai!._id,
      zoneBody({ name: 'Mumbai', fee: 30, pincodes: ['400', '400001'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fee: 30, freeAbove: 499, pincodes: ['400', '400001'] });
    const [entry] = await audit('delivery.update_zone');
    expect(entry).toMatchObject({
      entityId: mumbai!._id,
      summary: 'Zone Mumbai: changed fee, freeAbove; pincode rules +1 −3 (now 2)',
      before: { fee: 40.5, freeAbove: null, pincodesRemoved: ['400002', '400010-400099', '4001'] },
      after: { fee: 30, freeAbove: 499, pincodesAdded: ['400'] },
    });
    const missing = await calls.updateZone('00000000-0000-4000-8000-000000000000', zoneBody({ name: 'X' }));
    expect(missing.statusCode).toBe(404);
    expect((await calls.updateZone('not-an-id', zoneBody({ name: 'X' }))).statusCode).toBe(404);
  });

  it('audits a zone’s cash-on-delivery terms as the admin typed them, in rupees', async () => {
    const [mumbai] = (await overview()).zones;
    const before = (await audit('delivery.update_zone')).length;
    const body = zoneBody({ name: 'Mumbai', fee: 30, pincodes: ['400', '400001'] });
    const res = await calls.updateZone(mumbai!._id, {
      ...body,
      cod: true,
      codFee: 49,
      codMin: 200,
      codMax: 20_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cod: true, codFee: 49, codMin: 200, codMax: 20_000 });
    const entries = await audit('delivery.update_zone');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      summary: 'Zone Mumbai: changed codFee, codMin, codMax',
      before: { codFee: 0, codMin: 0, codMax: null },
      after: { codFee: 49, codMin: 200, codMax: 20_000 },
    });
    const refused = await calls.updateZone(mumbai!._id, { ...body, cod: true, codMin: 500, codMax: 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ codMax: 'COD maximum order cannot be below the minimum' });
    // Back as the tests below expect it.
    expect((await calls.updateZone(mumbai!._id, body)).statusCode).toBe(200);
  });

  it('resolves overlaps by the written rule, and the admin’s order breaks ties', async () => {
    const { zones } = await overview();
    const [mumbai, delhi] = zones;
    // Both list the prefix 400 now: Mumbai is first, so it wins; 400001 is Mumbai's exact entry anyway.
    await calls.updateZone(
      delhi!._id,
      zoneBody({ name: 'Delhi', pincodes: ['110', '400', '400500-400599'] }),
    );
    const lookup = async (pincode: string) => (await calls.lookup(pincode)).json() as DeliveryLookup;
    expect(await lookup('400123')).toMatchObject({ zone: { name: 'Mumbai' }, rule: '400' });
    expect(await lookup('400550')).toMatchObject({ zone: { name: 'Delhi' }, rule: '400500-400599' });
    expect(await lookup('400001')).toMatchObject({ zone: { name: 'Mumbai' }, rule: '400001' });
    expect(await lookup('799001')).toMatchObject({
      zone: { name: 'Rest of India', isDefault: true },
      rule: null,
    });
    const reordered = await calls.reorder([delhi!._id, mumbai!._id]);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json() as AdminDelivery).zones.map((z) => [z.name, z.position])).toEqual([
      ['Delhi', 1],
      ['Mumbai', 2],
    ]);
    expect(await lookup('400123')).toMatchObject({ zone: { name: 'Delhi' }, rule: '400' });
    expect(await lookup('400001')).toMatchObject({ zone: { name: 'Mumbai' } });
    expect((await calls.check('400123')).deliverable).toBe(true);
    const [entry] = await audit('delivery.reorder_zones');
    expect(entry).toMatchObject({
      summary: 'Zones ordered: Delhi, Mumbai',
      after: { order: ['Delhi', 'Mumbai'] },
    });
    // An order naming a zone twice, or leaving one out, is refused: another admin may have added one.
    expect((await calls.reorder([delhi!._id])).statusCode).toBe(409);
    expect((await calls.reorder([delhi!._id, delhi!._id])).statusCode).toBe(409);
  });

  it('takes a CSV file: every bad line named with its number and reason, nothing written; then all of it', async () => {
    const { zones } = await overview();
    const delhi = zones.find((z) => z.name === 'Delhi')!;
    const before = await t.db
      .select()
      .from(deliveryZonePincodes)
      .where(eq(deliveryZonePincodes.zoneId, delhi._id));
    const bad = await calls.upload(
      delhi._id,
      'City,Pincode,COD\r\nNew Delhi,110001,Y\nGurugram,12200x,Y\n\nNoida,201301,N\nFaridabad,,N\nGhaziabad,201010-201001,Y\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'VALIDATION',
      message: '3 lines of the file are not valid; nothing was saved.',
      fields: {
        'line 3':
          '“12200x” is not a pincode (6 digits, the first 1–9), a range (400001-400099) or a prefix (1 to 5 digits, such as 4000)',
        'line 6': 'No pincode given',
        'line 7': '“201010-201001”: the range ends before it starts',
      },
    });
    const after = await t.db
      .select()
      .from(deliveryZonePincodes)
      .where(eq(deliveryZonePincodes.zoneId, delhi._id));
    expect(after).toEqual(before);
    expect(await audit('delivery.import_pincodes')).toEqual([]);

    const replaced = await calls.upload(
      delhi._id,
      'City,Pincode\nNew Delhi,110001\nNoida,201301\nGurugram,1220\n',
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((replaced.json() as AdminDeliveryZone).pincodes).toEqual(['110001', '1220', '201301']);
    const added = await calls.upload(delhi._id, '110002\n110001\n"201010-201020"\n', 'add');
    expect((added.json() as AdminDeliveryZone).pincodes).toEqual([
      '110001',
      '110002',
      '1220',
      '201010-201020',
      '201301',
    ]);
    const entries = await audit('delivery.import_pincodes');
    expect(entries.map((e) => e.summary)).toEqual([
      'Zone Delhi (file, replace): pincode rules +3 −3 (now 3)',
      'Zone Delhi (file, add): pincode rules +2 −0 (now 5)',
    ]);
    expect((await calls.check('122001')).deliverable).toBe(true);
    expect((await calls.lookup('122001')).json()).toMatchObject({ zone: { name: 'Delhi' }, rule: '1220' });
  });

  it('refuses a file that is no CSV, an empty one, a missing file and an unknown mode', async () => {
    const delhi = (await overview()).zones.find((z) => z.name === 'Delhi')!;
    const unclosed = await calls.upload(delhi._id, '110001\n"110002\n');
    expect(unclosed.statusCode).toBe(400);
    expect(Object.keys(unclosed.json().fields)).toHaveLength(1);
    expect(Object.values(unclosed.json().fields)[0]).toMatch(/^Not readable as CSV/);
    const empty = await calls.upload(delhi._id, '\n\n');
    expect(empty.json().fields).toEqual({ 'line 1': 'The file lists no pincode' });
    const mode = await calls.upload(delhi._id, '110001', 'merge' as 'add');
    expect(mode.json().fields).toEqual({ mode: 'Mode is replace or add' });
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/admin/delivery/zones/${delhi._id}/pincodes`,
      headers: admin.auth,
      payload: { file: '110001' },
    });
    expect(json.statusCode).toBe(415);
    const defaultZone = (await overview()).defaultZone;
    expect((await calls.upload(defaultZone._id, '110001')).statusCode).toBe(409);
  });

  it('edits the default zone and its "delivers outside listed zones", never deletes it', async () => {
    const res = await calls.defaultZone(defaultZoneBody({ fee: 60, cod: true, deliversOutside: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fee: 60, cod: true, deliversOutside: false });
    expect((await calls.check('799001')).deliverable).toBe(false);
    const [entry] = await audit('delivery.update_default_zone');
    expect(entry).toMatchObject({
      summary: 'Default zone: changed fee, cod, deliversOutside',
      before: { fee: 50, cod: false, deliversOutside: true },
      after: { fee: 60, cod: true, deliversOutside: false },
    });
    const { defaultZone } = await overview();
    expect((await calls.deleteZone(defaultZone._id)).statusCode).toBe(409);
    expect((await calls.updateZone(defaultZone._id, zoneBody({ name: 'Rest of India' }))).statusCode).toBe(
      409,
    );
    expect((await calls.defaultZone(defaultZoneBody({ name: 'Delhi' }))).statusCode).toBe(409);
    await calls.defaultZone(defaultZoneBody());
    expect((await calls.check('799001')).deliverable).toBe(true);
  });

  it('sets the calendar: business days, cut-off and holidays, audited', async () => {
    const res = await calls.calendar({
      businessDays: 'mon-fri',
      cutoff: '16:30',
      holidays: '2026-12-25\n2027-01-26, 2026-12-25',
    });
    expect(res.json()).toEqual({
      businessDays: 'mon-fri',
      cutoff: '16:30',
      holidays: ['2026-12-25', '2027-01-26'],
    });
    expect((await overview()).calendar).toEqual(res.json());
    const bad = await calls.calendar({ businessDays: 'daily', cutoff: '4pm', holidays: ['2026-13-01'] });
    expect(bad.json().fields).toEqual({
      businessDays: 'Business days are mon-sat or mon-fri',
      cutoff: 'Cut-off time is a time such as 14:00',
      'holidays.0': 'Each holiday is a date such as 2026-11-08',
    });
    const [entry] = await audit('delivery.update_calendar');
    expect(entry).toMatchObject({
      summary: 'Delivery calendar: changed businessDays, cutoff, holidays',
      before: { businessDays: 'mon-sat', cutoff: '14:00', holidays: [] },
      after: { businessDays: 'mon-fri', cutoff: '16:30', holidays: ['2026-12-25', '2027-01-26'] },
    });
  });

  it('deletes a zone: its pincodes fall to the others or the default zone; audited', async () => {
    const delhi = (await overview()).zones.find((z) => z.name === 'Delhi')!;
    const res = await calls.deleteZone(delhi._id);
    expect(res.json()).toEqual({ message: 'Zone deleted', _id: delhi._id });
    expect((await calls.lookup('110001')).json()).toMatchObject({ zone: { name: 'Rest of India' } });
    expect((await calls.lookup('400550')).json()).toMatchObject({ zone: { name: 'Mumbai' }, rule: '400' });
    expect(
      await t.db.select().from(deliveryZonePincodes).where(eq(deliveryZonePincodes.zoneId, delhi._id)),
    ).toEqual([]);
    const [entry] = await audit('delivery.delete_zone');
    expect(entry?.summary).toBe(
      'Zone Delhi deleted (5 pincode rules); its pincodes fall to other zones or the default zone',
    );
    expect((await calls.deleteZone(delhi._id)).statusCode).toBe(404);
    // One entry per write above (2 zones made, 2 edits, 2 COD edits, 1 order, 2 files, 2 default-zone
    // saves, 1 calendar, 1 deletion); none for the refusals.
    expect((await t.db.select().from(auditLog).where(like(auditLog.action, 'delivery.%'))).length).toBe(13);
  });
});
