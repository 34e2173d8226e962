import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { outboxEmails } from '../db/schema/users';
import { ROUTE_MODULES } from '../routes';
import { createLogger, redactUrl } from './log';

/** A logger writing JSON lines (or pretty ones) into memory, as production's would to stdout. */
function capturingLogger(format: 'json' | 'pretty' = 'json') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger('info', format, stream), text: () => lines.join('') };
}

describe('log lines', () => {
  it('are one JSON object each by default, for a collector', () => {
    const captured = capturingLogger();
    captured.log.info({ orderId: 'o-1' }, 'order placed');
    expect(JSON.parse(captured.text())).toMatchObject({ level: 30, msg: 'order placed', orderId: 'o-1' });
  });

  it('are pretty for a person in development (pino-pretty)', () => {
    const captured = capturingLogger('pretty');
    captured.log.info({ orderId: 'o-1' }, 'order placed');
    expect(captured.text()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: order placed\n\s+orderId: "o-1"\n$/);
  });
});

describe('logs carry no secrets', () => {
  const captured = capturingLogger();
  let t: TestApp;
  const SECRET_EMAIL = 'secret.person@example.com';

  beforeAll(async () => {
    t = await createTestApp(
      { env: 'production', logLevel: 'info' },
      {
        log: captured.log,
        // A route that fails in the database with a bound parameter, as a NUL byte in a name once did.
        modules: [
          ...ROUTE_MODULES,
          {
            async store(app: FastifyInstance) {
              app.get('/test/failing-query', async () => {
                await app.deps.db.execute(
                  sql`select * from users where email = ${SECRET_EMAIL} and password_hash = ${'scrypt$131072$8$1$c2FsdA$aGFzaA'} and id = ${'not-a-uuid'}::uuid`,
                );
                return {};
              });
            },
          },
        ],
      },
    );
  });
  afterAll(async () => t?.close());

  it('redacts reset tokens and identity-provider codes from the request log', async () => {
    const resetToken = 'rT0k3n-that-works-as-a-key-0123456789abcdefghij';
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/reset-password/${resetToken}`,
      payload: { password: 'a new long passphrase' },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/callback?code=AUTHCODE-123456&state=STATE-98765',
    });
    const text = captured.text();
    expect(text).toContain('/api/users/reset-password/[redacted]');
    expect(text).toContain('code=[redacted]');
    for (const secret of [resetToken, 'AUTHCODE-123456', 'STATE-98765']) expect(text).not.toContain(secret);
  });

  it('logs a failed query without its bound parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/failing-query' });
    expect(res.statusCode).toBe(500);
    const text = captured.text();
    expect(text).toContain('request failed');
    expect(text).toContain('Failed query');
    expect(text).not.toContain(SECRET_EMAIL);
    expect(text).not.toContain('scrypt$');
  });

  it('keeps no working reset link in the production outbox, and logs none', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        name: 'Zoya',
        email: 'zoya@example.com',
        password: 'copper-kettle-song-5',
        phoneNumber: '1',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: 'zoya@example.com' },
    });
    const [mail] = await vi.waitFor(async () => {
      const rows = await t.db.select().from(outboxEmails);
      expect(rows.filter((r) => r.subject === 'Reset your Bazaar password')).toHaveLength(1);
      return rows.filter((r) => r.subject === 'Reset your Bazaar password');
    });
    expect(mail!.text).not.toMatch(/reset-password\/[A-Za-z0-9_-]{20,}/);
    expect(mail!.html ?? '').not.toMatch(/reset-password\/[A-Za-z0-9_-]{20,}/);
    expect(mail!.text).toContain('[removed:');
    expect(captured.text()).not.toMatch(/reset-password\/[A-Za-z0-9_-]{20,}/);
  });
});

describe('redactUrl', () => {
  it('keeps harmless parts and hides keys', () => {
    expect(redactUrl('/api/products?search=shirt&page=2')).toBe('/api/products?search=shirt&page=2');
    expect(redactUrl('/api/auth/oidc/callback?code=abc&state=def&iss=https%3A%2F%2Fidp')).toBe(
      '/api/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp',
    );
    expect(redactUrl('/api/users/reset-password/abc?x=1')).toBe('/api/users/reset-password/[redacted]?x=1');
  });
});
