import { creditNoteListSchema } from '@bazaar/shared/schemas/credit-notes';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, reply, requestsTo } from '@/testing/api-server';
import { user as aUser } from '@/testing/fixtures';
import { renderRoutes, signIn } from '@/testing/render';
import { CreditNotes } from './credit-notes';

const ORDER = '7c1f4a52-8a3e-4d53-9a51-0c2f2a9b1e11';
const NOTE = '0a3c1d1e-2f4b-4c5d-8e6f-7a8b9c0d1e2f';
const downloads: string[] = [];

beforeEach(() => {
  downloads.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:note');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  api.use(
    http.get(`/api/orders/${ORDER}/credit-notes`, () =>
      reply(creditNoteListSchema, {
        creditNotes: [
          {
            _id: NOTE,
            number: 'CN/26-27/000004',
            invoiceNumber: 'INV/26-27/000017',
            issuedAt: '2026-05-10T06:00:00.000Z',
            amount: 500,
            reason: 'Scratched base',
          },
        ],
      }),
    ),
    http.get(
      `/api/orders/${ORDER}/credit-notes/${NOTE}`,
      () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="CN-26-27-000004.pdf"',
          },
        }),
    ),
  );
  signIn(aUser());
});

function Refunded() {
  return <CreditNotes orderId={ORDER} refunded />;
}
function NotRefunded() {
  return <CreditNotes orderId={ORDER} refunded={false} />;
}
const open = (refunded: boolean) =>
  renderRoutes([{ path: '/orders/:id', Component: refunded ? Refunded : NotRefunded }], {
    path: `/orders/${ORDER}`,
  });

describe('the order’s credit notes', () => {
  it('lists each with its invoice and downloads its PDF', async () => {
    const { user } = open(true);
    await screen.findByText(/Credit note CN\/26-27\/000004 · ₹500/);
    expect(screen.getByText('Against invoice INV/26-27/000017')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download credit note' }));
    await vi.waitFor(() => expect(downloads).toEqual(['CN-26-27-000004.pdf']));
  });

  it('asks nothing for an order with no processed refund', async () => {
    open(false);
    expect(requestsTo('GET', `/api/orders/${ORDER}/credit-notes`)).toEqual([]);
    expect(screen.queryByText(/Credit note/)).toBeNull();
  });
});
