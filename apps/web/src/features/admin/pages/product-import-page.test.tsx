import { type ImportEvent, importEventSchema } from '@bazaar/shared/schemas/product-import';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, refuse } from '@/testing/api-server';
import { user as aUser } from '@/testing/fixtures';
import { renderRoutes, signIn } from '@/testing/render';
import { ProductImportPage } from './product-import-page';

/** An NDJSON reply whose lines arrive one by one, as the server streams them. */
function streamed(events: ImportEvent[], release: Promise<void>) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const [first, ...rest] = events.map((e) => `${JSON.stringify(importEventSchema.parse(e))}\n`);
      controller.enqueue(encoder.encode(first));
      await release;
      for (const line of rest) controller.enqueue(encoder.encode(line));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'application/x-ndjson' } });
}

const csv = (text: string) => new File([text], 'products.csv', { type: 'text/csv' });

beforeEach(() => signIn(aUser({ isAdmin: true })));

describe('the Import/Export page', () => {
  it('lists every bad line of a refused file', async () => {
    api.use(
      http.post('/api/admin/products/import', () =>
        refuse('VALIDATION', 'Nothing was imported: 2 lines need fixing', {
          'line 7': 'Stock is required',
          'line 3': 'Price must be in rupees, like 1299 or 1299.50',
        }),
      ),
    );
    const { user } = renderRoutes([{ path: '/admin/products/import', Component: ProductImportPage }], {
      path: '/admin/products/import',
    });
    await user.upload(screen.getByLabelText('Products CSV file'), csv('sku\n'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const list = await screen.findByRole('list', { name: 'Lines of the file that are not valid' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 3: Price must be in rupees, like 1299 or 1299.50', 'Line 7: Stock is required']);
  });

  it('shows progress while the import runs, then what it did', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    api.use(
      http.post('/api/admin/products/import', () =>
        streamed(
          [
            { type: 'progress', phase: 'writing', done: 100, total: 250 },
            {
              type: 'done',
              rows: 1000,
              productsCreated: 250,
              productsUpdated: 0,
              variantsCreated: 1000,
              variantsUpdated: 0,
              unchanged: 0,
            },
          ],
          gate,
        ),
      ),
    );
    const { user } = renderRoutes([{ path: '/admin/products/import', Component: ProductImportPage }], {
      path: '/admin/products/import',
    });
    await user.upload(screen.getByLabelText('Products CSV file'), csv('x'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Saving products: 100 of 250')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toBeTruthy();
    release();
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Imported 1000 rows.');
    expect(status.textContent).toContain('Products: 250 created, 0 updated.');
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull();
  });
});
