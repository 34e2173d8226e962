import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalWhatsApp, WHATSAPP_KEYS } from '../../../../test/fixtures/messages';
import type { WhatsAppServer } from '../../../../test/whatsapp-server';
import type { PhoneMessage } from './phone-provider';
import { WhatsAppProvider } from './whatsapp-provider';

const ORDER_PLACED: PhoneMessage = {
  id: '0b7c1f4e-2f5d-4c52-9a55-3d1f0c1e9a01',
  to: '+919876543210',
  template: {
    name: 'bazaar_order_placed',
    language: 'en',
    parameters: ['Asha', 'A1B2C3', '₹1,499', 'Bazaar'],
  },
};

describe('the WhatsApp Cloud API adapter, against a local server speaking its API', () => {
  let server: WhatsAppServer;
  let provider: WhatsAppProvider;
  const build = (overrides: Partial<ConstructorParameters<typeof WhatsAppProvider>[0]> = {}) =>
    new WhatsAppProvider({
      ...WHATSAPP_KEYS,
      apiUrl: server.url,
      apiVersion: 'v23.0',
      timeoutMs: 400,
      ...overrides,
    });

  beforeAll(async () => {
    server = await startLocalWhatsApp();
    provider = build();
  });
  afterAll(async () => server.close());

  it('sends a template message from the shop number, with our id to come back in status reports', async () => {
    const outcome = await provider.send(ORDER_PLACED);
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: expect.stringMatching(/^wamid\./) });
    const request = server.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      url: `/v23.0/${WHATSAPP_KEYS.phoneNumberId}/messages`,
      token: WHATSAPP_KEYS.accessToken,
    });
    expect(request.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'bazaar_order_placed',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: ['Asha', 'A1B2C3', '₹1,499', 'Bazaar'].map((text) => ({ type: 'text', text })),
          },
        ],
      },
      biz_opaque_callback_data: ORDER_PLACED.id,
    });
    expect(server.taken.at(-1)).toMatchObject({ to: '919876543210', opaque: ORDER_PLACED.id });
  });

  it('sends a template without parameters with no components', async () => {
    const outcome = await provider.send({
      id: 'x',
      to: '+919876543210',
      template: { name: 'hello_world', language: 'en_US', parameters: [] },
    });
    expect(outcome.kind).toBe('accepted');
    expect(server.requests.at(-1)!.body.template).toEqual({
      name: 'hello_world',
      language: { code: 'en_US' },
    });
  });

  it("takes Meta's refusals as final: an unknown template, a wrong parameter count, a bad token", async () => {
    const unknownTemplate = await provider.send({
      ...ORDER_PLACED,
      template: { ...ORDER_PLACED.template, name: 'never_registered' },
    });
    expect(unknownTemplate).toEqual({
      kind: 'refused',
      error: expect.stringContaining('WhatsApp answered 404 (#132001)'),
    });
    const wrongCount = await provider.send({
      ...ORDER_PLACED,
      template: { ...ORDER_PLACED.template, parameters: ['Asha'] },
    });
    expect(wrongCount).toMatchObject({ kind: 'refused', error: expect.stringContaining('#132000') });
    const badToken = await build({ accessToken: 'expired' }).send(ORDER_PLACED);
    expect(badToken).toMatchObject({ kind: 'refused', error: expect.stringContaining('401 (#190)') });
    const otherNumber = await build({ phoneNumberId: '999' }).send(ORDER_PLACED);
    expect(otherNumber).toMatchObject({ kind: 'refused', error: expect.stringContaining('(#100)') });
  });

  it('tries again after server errors and throughput limits, by status or by error code', async () => {
    server.failNext({ status: 500, code: 131000, message: 'Something went wrong' });
    expect(await provider.send(ORDER_PLACED)).toMatchObject({
      kind: 'retry',
      error: expect.stringContaining('500 (#131000)'),
    });
    server.failNext({ status: 503, code: 133004, message: 'Server temporarily unavailable' });
    expect((await provider.send(ORDER_PLACED)).kind).toBe('retry');
    // Meta answers the throughput limit with a 400: the code says to wait, not the status.
    server.failNext({ status: 400, code: 130429, message: 'Rate limit hit' });
    expect((await provider.send(ORDER_PLACED)).kind).toBe('retry');
    server.failNext({
      status: 429,
      code: 4,
      message: 'Application request limit reached',
      retryAfter: '120',
    });
    expect(await provider.send(ORDER_PLACED)).toMatchObject({ kind: 'retry', retryAfterMs: 120_000 });
  });

  it('tries again when WhatsApp cannot be reached at all: nothing left this machine', async () => {
    await server.stopListening();
    // Let the client see its kept-alive connection close: a request written to a connection the other
    // side is closing may have been read, and is rightly `unknown`.
    await new Promise((r) => setTimeout(r, 100));
    try {
      expect(await provider.send(ORDER_PLACED)).toMatchObject({
        kind: 'retry',
        error: expect.stringContaining('ECONNREFUSED'),
      });
    } finally {
      await server.resume();
    }
    expect((await provider.send(ORDER_PLACED)).kind).toBe('accepted');
  });

  it('calls an attempt whose answer never came unknown: WhatsApp may have taken it (and here did)', async () => {
    const before = server.taken.length;
    server.takeAndHangNext();
    const started = Date.now();
    const outcome = await provider.send(ORDER_PLACED);
    expect(outcome).toMatchObject({ kind: 'unknown', error: expect.stringContaining('did not answer') });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.taken.length).toBe(before + 1);
  });

  it("checks the webhook's X-Hub-Signature-256 against the raw body, with the app secret", () => {
    const message = server.taken.at(-1)!;
    const { body, headers } = server.statusWebhook([{ message, status: 'delivered' }]);
    const raw = Buffer.from(body);
    const signature = headers['x-hub-signature-256'];
    expect(provider.webhookSignatureValid(raw, signature)).toBe(true);
    expect(provider.webhookSignatureValid(Buffer.from(body.replace('delivered', 'read')), signature)).toBe(
      false,
    );
    expect(provider.webhookSignatureValid(raw, undefined)).toBe(false);
    expect(provider.webhookSignatureValid(raw, signature.replace('sha256=', ''))).toBe(false);
    expect(provider.webhookSignatureValid(raw, 'sha256=abc')).toBe(false);
    const forged = server.statusWebhook([{ message, status: 'delivered' }], 'another-secret');
    expect(
      provider.webhookSignatureValid(Buffer.from(forged.body), forged.headers['x-hub-signature-256']),
    ).toBe(false);
    expect(build({ appSecret: undefined }).webhookSignatureValid(raw, signature)).toBe(false);
  });

  it('reads the status reports of its own number from a webhook body', () => {
    const message = server.taken.at(-1)!;
    const { body } = server.statusWebhook([
      { message, status: 'sent' },
      { message, status: 'read' },
      { message, status: 'failed', error: { code: 131026, title: 'Message undeliverable' } },
    ]);
    expect(provider.statusReports(Buffer.from(body))).toEqual([
      {
        providerMessageId: message.id,
        outboxId: message.opaque,
        status: 'sent',
        error: undefined,
        at: expect.any(Date),
      },
      {
        providerMessageId: message.id,
        outboxId: message.opaque,
        status: 'delivered',
        error: undefined,
        at: expect.any(Date),
      },
      {
        providerMessageId: message.id,
        outboxId: message.opaque,
        status: 'failed',
        error: '#131026 Message undeliverable',
        at: expect.any(Date),
      },
    ]);
    expect(build({ phoneNumberId: '42' }).statusReports(Buffer.from(body))).toEqual([]);
    expect(provider.statusReports(Buffer.from('not json'))).toBeUndefined();
    expect(provider.statusReports(Buffer.from('{"object":"page","entry":[]}'))).toBeUndefined();
  });

  it("answers Meta's subscription check only with the shop's verify token", () => {
    const challenge = '1158201444';
    const token = WHATSAPP_KEYS.verifyToken;
    expect(provider.verifySubscription({ mode: 'subscribe', token, challenge })).toBe(challenge);
    expect(provider.verifySubscription({ mode: 'subscribe', token: 'guess', challenge })).toBeUndefined();
    expect(provider.verifySubscription({ mode: 'unsubscribe', token, challenge })).toBeUndefined();
    expect(
      build({ verifyToken: undefined }).verifySubscription({ mode: 'subscribe', token, challenge }),
    ).toBeUndefined();
  });
});
