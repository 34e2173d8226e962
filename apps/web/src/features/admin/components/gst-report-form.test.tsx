import { gstr1QuerySchema } from '@bazaar/shared/schemas/gst-report';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, invalid, requestsTo } from '@/testing/api-server';
import { user as aUser } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { GstReportForm } from './gst-report-form';

const downloads: string[] = [];

beforeEach(() => {
  downloads.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  api.use(
    // As the server reads the query: the shared schema.
    http.get('/api/admin/reports/gstr1.csv', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const checked = gstr1QuerySchema.safeParse(query);
      if (!checked.success) return invalid(checked.error);
      return new HttpResponse('GSTR-1 figures\r\n', { headers: { 'content-type': 'text/csv' } });
    }),
  );
  signIn(aUser({ isAdmin: true }));
});

const open = () => renderRoutes([{ path: '/admin/shop', Component: GstReportForm }], { path: '/admin/shop' });

describe('the GSTR-1 export form', () => {
  it('downloads the chosen month', async () => {
    const { user } = open();
    const month = screen.getByLabelText('Month') as HTMLInputElement;
    await user.clear(month);
    await user.type(month, '2026-04');
    await user.click(screen.getByRole('button', { name: 'Download GSTR-1 CSV' }));
    await findToast('GSTR-1 report downloaded');
    expect(downloads).toEqual(['gstr1-2026-04.csv']);
    const [sent] = requestsTo('GET', '/api/admin/reports/gstr1.csv');
    expect(new URL(sent!.url).searchParams.get('month')).toBe('2026-04');
  });

  it('shows the server’s refusal of days the wrong way round under the last day', async () => {
    const { user } = open();
    await user.click(screen.getByRole('radio', { name: 'Days' }));
    await user.type(screen.getByLabelText('First day'), '2026-05-09');
    await user.type(screen.getByLabelText('Last day'), '2026-05-01');
    await user.click(screen.getByRole('button', { name: 'Download GSTR-1 CSV' }));
    await waitFor(() => expect(screen.getByText('The last day is before the first')).toBeTruthy());
    expect(downloads).toEqual([]);
  });
});
