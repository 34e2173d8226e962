import {
  type AdminMessage,
  type AdminMessagesReply,
  adminMessagesReplySchema,
  testMessageBodySchema,
  testMessageReplySchema,
} from '@bazaar/shared/schemas/messages';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { api, invalid, reply, requestsTo } from '@/testing/api-server';
import { user as aUser } from '@/testing/fixtures';
import { findToast, renderRoutes, signIn } from '@/testing/render';
import { OutboxPage } from './outbox-page';

const message = (overrides: Partial<AdminMessage>): AdminMessage => ({
  _id: crypto.randomUUID(),
  channel: 'whatsapp',
  recipient: '+919876543210',
  purpose: 'order_placed',
  body: 'Hi Asha, thank you for your order #A1 of ₹1,499 at Bazaar.',
  orderId: null,
  status: 'sent',
  attempts: 1,
  provider: 'whatsapp',
  providerMessageId: 'wamid.x',
  lastError: null,
  nextAttemptAt: null,
  createdAt: '2026-11-30T10:00:00.000Z',
  sentAt: '2026-11-30T10:00:01.000Z',
  deliveredAt: null,
  ...overrides,
});

let stored: AdminMessage[];

function outbox(status: string | null): AdminMessagesReply {
  const shown = status ? stored.filter((m) => m.status === status) : stored;
  const counts = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, unknown: 0 };
  for (const m of stored) counts[m.status] += 1;
  return { messages: shown, total: shown.length, page: 1, pages: 1, counts, phoneProvider: 'whatsapp' };
}

beforeEach(() => {
  stored = [
    message({ status: 'delivered', deliveredAt: '2026-11-30T10:00:05.000Z' }),
    message({
      channel: 'email',
      recipient: 'ravi@example.com',
      purpose: 'order_shipped',
      status: 'unknown',
      provider: 'smtp',
      providerMessageId: null,
      lastError: "the mail server's answer was lost",
      sentAt: null,
    }),
    message({
      status: 'queued',
      attempts: 2,
      nextAttemptAt: '2026-11-30T10:05:00.000Z',
      lastError: 'WhatsApp answered 503',
    }),
  ];
  api.use(
    http.get('/api/admin/messages', ({ request }) =>
      reply(adminMessagesReplySchema, outbox(new URL(request.url).searchParams.get('status'))),
    ),
    http.post('/api/admin/messages/test', async ({ request }) => {
      const parsed = testMessageBodySchema.safeParse(await request.json());
      if (!parsed.success) return invalid(parsed.error);
      const queued = message({
        purpose: 'test',
        status: 'queued',
        recipient: parsed.data.phone,
        body: 'Hello World',
      });
      stored.unshift(queued);
      return reply(testMessageReplySchema, { message: queued }, { status: 201 });
    }),
  );
  signIn(aUser({ isAdmin: true }));
});

async function openOutbox() {
  const view = renderRoutes([{ path: '/admin/outbox', Component: OutboxPage }], { path: '/admin/outbox' });
  await screen.findByRole('table', { name: 'Messages to shoppers, newest first' });
  return view;
}

describe('the outbox', () => {
  it('lists every message with its channel, purpose, status and what happened to it', async () => {
    await openOutbox();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('WhatsApp+919876543210');
    expect(rows[0]!.textContent).toContain('Order placed');
    expect(within(rows[0]!).getByText('Delivered')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Mail');
    expect(within(rows[1]!).getByText('Unknown (not resent)')).toBeTruthy();
    expect(rows[1]!.textContent).toContain("the mail server's answer was lost");
    expect(rows[2]!.textContent).toContain('2 attempts');
    expect(rows[2]!.textContent).toContain('next try');
    expect(screen.getByText(/sent through the WhatsApp Cloud API/)).toBeTruthy();
  });

  it('shows one status at a time, with how many are in each', async () => {
    const { user } = await openOutbox();
    await user.selectOptions(screen.getByLabelText('Show'), 'Unknown (not resent) (1)');
    await screen.findByText("the mail server's answer was lost", { exact: false });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(new URL(requestsTo('GET', '/api/admin/messages').at(-1)!.url).searchParams.get('status')).toBe(
      'unknown',
    );
  });

  it('sends a test message to a mobile number, and refuses anything else with the rule', async () => {
    const { user } = await openOutbox();
    const phone = screen.getByLabelText('Mobile number');
    await user.type(phone, '022 2345 6789');
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText(/Enter a 10-digit Indian mobile number/)).toBeTruthy();
    expect(requestsTo('POST', '/api/admin/messages/test')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    await findToast('Test message queued to +919876543210');
    expect(await requestsTo('POST', '/api/admin/messages/test')[0]!.json()).toEqual({
      phone: '+919876543210',
    });
  });

  it("shows the server's refusal", async () => {
    api.use(
      http.post('/api/admin/messages/test', () =>
        HttpResponse.json(
          { message: 'WhatsApp messages are turned off.', code: 'CONFLICT' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openOutbox();
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    await findToast('WhatsApp messages are turned off.');
  });
});
