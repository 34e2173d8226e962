import { pincodeRuleText } from '@bazaar/shared/delivery';
import {
  type AdminDeliveryZone,
  adminDefaultZoneSchema,
  adminDeliveryZoneSchema,
  defaultZoneBodySchema,
  deliveryZoneBodySchema,
} from '@bazaar/shared/schemas/delivery';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, invalid, readForm, refuse, reply, requestsTo } from '@/testing/api-server';
import { user as aUser, id } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { DefaultZoneForm } from './default-zone-form';
import { DeliveryZoneForm } from './delivery-zone-form';
import { PincodeUpload } from './pincode-upload';

/** Zone names the shop already has (any case). */
let taken: Set<string>;

const zoneReply = (
  zoneId: string,
  body: ReturnType<typeof deliveryZoneBodySchema.parse>,
): AdminDeliveryZone =>
  adminDeliveryZoneSchema.parse({
    ...body,
    _id: zoneId,
    position: 1,
    pincodes: body.pincodes.map(pincodeRuleText),
    updatedAt: new Date().toISOString(),
  });

beforeEach(() => {
  taken = new Set(['mumbai']);
  // As the server reads a zone: the shared schema, then its names unique whatever their case.
  const save =
    (zoneId: string) =>
    async ({ request }: { request: Request }) => {
      const body = deliveryZoneBodySchema.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      if (taken.has(body.data.name.toLowerCase())) {
        return refuse('CONFLICT', `A zone named ${body.data.name} already exists.`, {
          name: 'This name is already in use',
        });
      }
      return reply(adminDeliveryZoneSchema, zoneReply(zoneId, body.data), {
        status: zoneId === 'new' ? 201 : 200,
      });
    };
  api.use(
    http.post('/api/admin/delivery/zones', save('new')),
    http.put('/api/admin/delivery/zones/:zoneId', ({ request, params }) =>
      save(String(params.zoneId))({ request }),
    ),
  );
  signIn(aUser({ isAdmin: true }));
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((i) => i.endsWith('-error'));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
};

function openForm(zone?: AdminDeliveryZone) {
  const view = renderRoutes([{ path: '/', element: <DeliveryZoneForm zone={zone} /> }]);
  const submit = () =>
    view.user.click(screen.getByRole('button', { name: zone ? 'Save Zone' : 'Create Zone' }));
  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      await view.user.clear(field(label));
      if (value) await view.user.type(field(label), value);
    }
  };
  return { ...view, submit, fill };
}

describe('the zone form', () => {
  it('names each required field and sends nothing', async () => {
    const { submit } = openForm();
    await submit();
    await waitFor(() => expect(errorOf('Zone name *')).toBe('Zone name is required'));
    expect(errorOf('Delivery fee (₹) *')).toBe('Delivery fee is required');
    expect(errorOf('Fastest delivery (days) *')).toBe('Fastest delivery (days) is required');
    expect(errorOf('Slowest delivery (days) *')).toBe('Slowest delivery (days) is required');
    expect(errorOf('Free delivery from (₹)')).toBeNull();
    expect(requestsTo('POST', '/api/admin/delivery/zones')).toEqual([]);
  });

  it('names each entry that is not a pincode, range or prefix, and days out of order', async () => {
    const { submit, fill } = openForm();
    await fill({
      'Zone name *': 'Pune',
      'Delivery fee (₹) *': '40',
      'Fastest delivery (days) *': '3',
      'Slowest delivery (days) *': '2',
      Pincodes: '411001\n41100x, 411099-411001',
    });
    await submit();
    await waitFor(() =>
      expect(errorOf('Pincodes')).toBe(
        'entry 2: “41100x” is not a pincode (6 digits, the first 1–9), a range (400001-400099) or a prefix (1 to 5 digits, such as 4000); entry 3: “411099-411001”: the range ends before it starts',
      ),
    );
    // The days are compared once every field reads: then their order is refused too.
    await fill({ Pincodes: '411001' });
    await submit();
    await waitFor(() =>
      expect(errorOf('Slowest delivery (days) *')).toBe('Slowest delivery cannot be faster than the fastest'),
    );
    expect(errorOf('Pincodes')).toBeNull();
    expect(requestsTo('POST', '/api/admin/delivery/zones')).toEqual([]);
  });

  it('creates a zone with its pincodes, ranges and prefixes, says so and empties the form', async () => {
    const { submit, fill, user } = openForm();
    await fill({
      'Zone name *': 'Delhi',
      'Delivery fee (₹) *': '45.50',
      'Free delivery from (₹)': '499',
      'Fastest delivery (days) *': '2',
      'Slowest delivery (days) *': '3',
      Pincodes: '110001\n110002-110099, 1101',
    });
    await user.click(field('Cash on delivery offered'));
    await submit();
    await findToast('Zone Delhi created');
    const [sent] = requestsTo('POST', '/api/admin/delivery/zones');
    expect(await sent!.json()).toEqual({
      name: 'Delhi',
      fee: 45.5,
      freeAbove: 499,
      minDays: 2,
      maxDays: 3,
      cod: true,
      codFee: 0,
      codMin: 0,
      codMax: null,
      pincodes: ['110001', '110002-110099', '1101'],
    });
    await waitFor(() => expect(field('Zone name *').value).toBe(''));
    expect(field('Pincodes').value).toBe('');
  });

  it('shows the server’s refusal of a name in use under the name, keeping what was typed', async () => {
    const { submit, fill } = openForm();
    await fill({
      'Zone name *': 'MUMBAI',
      'Delivery fee (₹) *': '40',
      'Fastest delivery (days) *': '1',
      'Slowest delivery (days) *': '1',
      Pincodes: '400',
    });
    await submit();
    await findToast('A zone named MUMBAI already exists.');
    await waitFor(() => expect(errorOf('Zone name *')).toBe('This name is already in use'));
    expect(field('Pincodes').value).toBe('400');
  });

  it('edits a zone from what it holds, and saves the whole of it', async () => {
    const zone = adminDeliveryZoneSchema.parse({
      _id: id(),
      name: 'Chennai',
      fee: 50,
      freeAbove: null,
      minDays: 2,
      maxDays: 4,
      cod: false,
      codFee: 0,
      codMin: 0,
      codMax: null,
      position: 3,
      pincodes: ['600', '603001-603999'],
      updatedAt: new Date().toISOString(),
    });
    const { submit, fill } = openForm(zone);
    expect(field('Zone name *').value).toBe('Chennai');
    expect(field('Free delivery from (₹)').value).toBe('');
    expect(field('Pincodes').value).toBe('600\n603001-603999');
    await fill({ 'Delivery fee (₹) *': '35', Pincodes: '600 6031' });
    await submit();
    await findToast('Zone Chennai saved');
    const [sent] = requestsTo('PUT', `/api/admin/delivery/zones/${zone._id}`);
    expect(await sent!.json()).toMatchObject({
      fee: 35,
      freeAbove: null,
      cod: false,
      pincodes: ['600', '6031'],
    });
  });
});

describe('a zone’s cash on delivery', () => {
  const puneZone = () =>
    adminDeliveryZoneSchema.parse({
      _id: id(),
      name: 'Pune',
      fee: 40,
      freeAbove: 999,
      minDays: 2,
      maxDays: 3,
      cod: true,
      codFee: 49,
      codMin: 200,
      codMax: 20_000,
      position: 2,
      pincodes: ['411'],
      updatedAt: new Date().toISOString(),
    });

  it('sends the COD fee and the order values it is offered for, and refuses a maximum below the minimum', async () => {
    const { submit, fill, user } = openForm();
    await fill({
      'Zone name *': 'Kochi',
      'Delivery fee (₹) *': '60',
      'Fastest delivery (days) *': '3',
      'Slowest delivery (days) *': '5',
      Pincodes: '682',
    });
    await user.click(field('Cash on delivery offered'));
    await fill({
      'COD fee (₹)': '35',
      'COD from order value (₹)': '500',
      'COD up to order value (₹)': '300',
    });
    await submit();
    await waitFor(() =>
      expect(errorOf('COD up to order value (₹)')).toBe('COD maximum order cannot be below the minimum'),
    );
    expect(requestsTo('POST', '/api/admin/delivery/zones')).toEqual([]);
    await fill({ 'COD up to order value (₹)': '15000.50' });
    await submit();
    await findToast('Zone Kochi created');
    const [sent] = requestsTo('POST', '/api/admin/delivery/zones');
    expect(await sent!.json()).toMatchObject({ cod: true, codFee: 35, codMin: 500, codMax: 15_000.5 });
  });

  it('keeps a zone’s COD terms when something else is edited (they used to fall back to none)', async () => {
    const zone = puneZone();
    const { submit, fill } = openForm(zone);
    expect(field('COD fee (₹)').value).toBe('49');
    expect(field('COD from order value (₹)').value).toBe('200');
    expect(field('COD up to order value (₹)').value).toBe('20000');
    await fill({ 'Delivery fee (₹) *': '45' });
    await submit();
    await findToast('Zone Pune saved');
    const [sent] = requestsTo('PUT', `/api/admin/delivery/zones/${zone._id}`);
    expect(await sent!.json()).toMatchObject({ fee: 45, cod: true, codFee: 49, codMin: 200, codMax: 20_000 });
  });

  it('edits the default zone’s COD terms; an empty maximum is none', async () => {
    api.use(
      http.put('/api/admin/delivery/default-zone', async ({ request }) => {
        const body = defaultZoneBodySchema.safeParse(await request.json());
        if (!body.success) return invalid(body.error);
        return reply(
          adminDefaultZoneSchema,
          adminDefaultZoneSchema.parse({ ...body.data, _id: id(), updatedAt: new Date().toISOString() }),
        );
      }),
    );
    const { _id, position: _p, pincodes: _r, ...terms } = puneZone();
    const zone = adminDefaultZoneSchema.parse({
      ...terms,
      _id,
      name: 'Everywhere else',
      deliversOutside: true,
    });
    const view = renderRoutes([{ path: '/', element: <DefaultZoneForm zone={zone} /> }]);
    expect(field('COD fee (₹)').value).toBe('49');
    await view.user.clear(field('COD up to order value (₹)'));
    await view.user.clear(field('COD fee (₹)'));
    await view.user.type(field('COD fee (₹)'), '25');
    await view.user.click(screen.getByRole('button', { name: 'Save Default Zone' }));
    await findToast('Default zone saved');
    const [sent] = requestsTo('PUT', '/api/admin/delivery/default-zone');
    expect(await sent!.json()).toMatchObject({ cod: true, codFee: 25, codMin: 200, codMax: null });
  });
});

describe('a zone’s pincode file', () => {
  const zone = { _id: id(), name: 'Kolkata' };
  const path = `/api/admin/delivery/zones/${zone._id}/pincodes`;

  beforeEach(() => {
    api.use(
      http.post(path, async ({ request }) => {
        const { fields, files } = await readForm(request);
        const text = await files[0]!.text();
        if (text.includes('x')) {
          return refuse('VALIDATION', '2 lines of the file are not valid; nothing was saved.', {
            'line 12':
              '“70000x” is not a pincode (6 digits, the first 1–9), a range (400001-400099) or a prefix (1 to 5 digits, such as 4000)',
            'line 3': 'No pincode given',
          });
        }
        // The file's rules, one a line, as the zone's pincodes now.
        const saved = deliveryZoneBodySchema.parse({
          name: zone.name,
          fee: 60,
          freeAbove: '',
          minDays: 3,
          maxDays: 5,
          cod: fields.mode === 'add',
          pincodes: text,
        });
        return reply(adminDeliveryZoneSchema, zoneReply(zone._id, saved));
      }),
    );
  });

  const openUpload = () => renderRoutes([{ path: '/', element: <PincodeUpload zone={zone} /> }]);

  it('asks for a file before sending anything', async () => {
    const { user } = openUpload();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a CSV file first');
    expect(requestsTo('POST', path)).toEqual([]);
  });

  it('lists every bad line the server found, in line order, and says nothing was saved', async () => {
    const { user } = openUpload();
    await user.upload(
      field('CSV file of pincodes'),
      new File(['700001\n\n70000x\n'], 'kolkata.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const list = await screen.findByRole('list', { name: 'Lines of the file that are not valid' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Line 3: No pincode given',
      'Line 12: “70000x” is not a pincode (6 digits, the first 1–9), a range (400001-400099) or a prefix (1 to 5 digits, such as 4000)',
    ]);
    await findToast('2 lines of the file are not valid; nothing was saved.');
  });

  it('sends the file with the chosen mode and says how many rules the zone now has', async () => {
    const { user } = openUpload();
    await user.upload(
      field('CSV file of pincodes'),
      new File(['700001\n7001\n'], 'kolkata.csv', { type: 'text/csv' }),
    );
    await user.selectOptions(field('The file’s pincodes'), 'add');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await findToast('Kolkata: 2 pincode rules saved from kolkata.csv');
    const { fields, files } = await readForm(requestsTo('POST', path)[0]!);
    expect(fields.mode).toBe('add');
    expect(files[0]!.name).toBe('kolkata.csv');
  });
});
