import type { ProductDescriptionReply } from '@bazaar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, signUp } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { startGeminiServer } from '../../../test/gemini-server';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { hasPlaceholder } from '../../lib/ai/description-writer';
import { GeminiWriter } from '../../lib/ai/gemini-writer';
import { AI_LIMIT } from './ai.service';

const FORM = {
  name: 'Linen Kurta',
  brand: 'Fabindia',
  category: "Men's Fashion",
  material: 'Linen',
  colours: ['white', 'sky blue'],
  sizes: ['M', 'L'],
  madeIn: 'India',
  seller: 'Bazaar Fashion House',
};

const ask = (t: TestApp, admin: Account, payload: object = FORM) =>
  t.app.inject({ method: 'POST', url: '/api/admin/ai/product-description', headers: admin.auth, payload });

describe('the AI description helper without a key (offline writer)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Account;
  const clock = new ManualClock('2025-06-01T10:00:05.000Z');

  beforeAll(async () => {
    a = await createTestApp({}, { clock });
    b = await createTestApp({}, { clock, sameDatabaseAs: a });
    admin = await signUp(a, 'admin@example.com', { admin: true });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("composes a description from the product's own fields and says the offline writer answered", async () => {
    const res = await ask(a, admin);
    expect(res.statusCode).toBe(200);
    const reply = res.json() as ProductDescriptionReply;
    expect(reply).toMatchObject({ writer: 'offline', notice: null });
    expect(reply.description).toContain('Fabindia Linen Kurta');
    expect(reply.description).toContain('made from linen');
    expect(reply.description).toContain('Available in white and sky blue, in sizes M and L.');
    expect(reply.description).toContain('Made in India and sold by Bazaar Fashion House.');
    expect(hasPlaceholder(reply.description)).toBe(false);
  });

  it('needs the name and the brand', async () => {
    const res = await ask(a, admin, { name: 'Linen Kurta', brand: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ brand: 'Brand is required' });
    expect((await ask(a, admin, { brand: 'Fabindia' })).json().fields).toHaveProperty('name');
  });

  it('limits each admin per minute across server processes (the count lives in the database)', async () => {
    clock.advance(60_000);
    for (let i = 0; i < AI_LIMIT.requests; i++) {
      // Alternating processes: one shared count.
      expect((await ask(i % 2 ? a : b, admin)).statusCode).toBe(200);
    }
    const refused = await ask(b, admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('55');
    const colleague = await signUp(a, 'colleague@example.com', { admin: true });
    expect((await ask(a, colleague)).statusCode).toBe(200);
    clock.advance(55_000);
    expect((await ask(a, admin)).statusCode).toBe(200);
  });
});

describe('the Gemini adapter, against a local server speaking generateContent', () => {
  let gemini: Awaited<ReturnType<typeof startGeminiServer>>;
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    gemini = await startGeminiServer();
    const writer = new GeminiWriter({
      apiKey: 'test-key-123',
      model: 'gemini-1.5-pro',
      baseUrl: gemini.baseUrl,
    });
    t = await createTestApp(
      // Long enough for the SDK's first, lazily loaded call on a busy machine; the hang test stays well under 5 s.
      { ai: { apiKey: 'test-key-123', model: 'gemini-1.5-pro', timeoutMs: 2000 } },
      { ai: writer },
    );
    admin = await signUp(t, 'admin@example.com', { admin: true });
  });
  afterAll(async () => {
    await t?.close();
    await gemini?.close();
  });

  it('sends the prompt with the key in a header and reads the first candidate', async () => {
    gemini.behave({
      kind: 'answer',
      text: '  Crafted from breathable linen, this kurta keeps you cool.\n\nMade in India.  ',
    });
    const res = await ask(t, admin);
    expect(res.json()).toEqual({
      description: 'Crafted from breathable linen, this kurta keeps you cool.\n\nMade in India.',
      writer: 'gemini',
      notice: null,
    });
    const request = gemini.requests.at(-1)!;
    expect(request.method).toBe('POST');
    // The SDK's own API version (v1 or v1beta), the configured model, the generateContent method.
    expect(request.url).toMatch(/^\/v1(beta)?\/models\/gemini-1\.5-pro:generateContent$/);
    expect(request.apiKey).toBe('test-key-123');
    const prompt = request.body.contents?.[0]?.parts?.[0]?.text ?? '';
    expect(prompt).toContain('professional, engaging product description');
    expect(prompt).toContain('Do not use placeholders');
    expect(prompt).toContain('Product name: Linen Kurta');
    expect(prompt).toContain('Brand: Fabindia');
    // The key never travels back to the browser.
    expect(res.body).not.toContain('test-key-123');
  });

  it('stands the offline writer in when the service fails, and says so', async () => {
    gemini.behave({ kind: 'fail', status: 500 });
    const reply = (await ask(t, admin)).json() as ProductDescriptionReply;
    expect(reply.writer).toBe('offline');
    expect(reply.notice).toMatch(/could not write a description just now/);
    expect(reply.description).toContain('Fabindia Linen Kurta');
  });

  it('gives up after the time limit and answers with the offline writer', async () => {
    gemini.behave({ kind: 'hang' });
    const started = Date.now();
    const reply = (await ask(t, admin)).json() as ProductDescriptionReply;
    expect(reply.writer).toBe('offline');
    expect(reply.notice).toMatch(/did not answer in time/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does not publish an answer with placeholders', async () => {
    gemini.behave({ kind: 'answer', text: 'Introducing the [Product Name] by [Brand]!' });
    const reply = (await ask(t, admin)).json() as ProductDescriptionReply;
    expect(reply.writer).toBe('offline');
    expect(reply.notice).toMatch(/blanks to fill in/);
  });
});
