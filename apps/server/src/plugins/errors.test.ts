import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { AppError } from '../lib/errors';

describe('error mapping', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    app = await buildApp(testConfig({ rateLimitMax: 20 }), { database });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/echo',
      {
        schema: {
          body: z.object({ name: z.string().min(2), qty: z.number().int() }).strict(),
          response: { 200: z.object({ name: z.string() }) },
        },
      },
      async (request) => ({ name: request.body.name, secret: 'never serialised' }),
    );
    typed.get('/api/boom', async () => {
      throw new Error('database password is hunter2');
    });
    typed.get('/api/conflict', async () => {
      throw new AppError('CONFLICT', 'That code is taken', { code: 'Already used' });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/echo',
      payload,
      headers: { 'content-type': 'application/json' },
    });

  it('answers bad JSON with a 400', async () => {
    const res = await post('{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'VALIDATION' });
  });

  it('names an unknown field of a strict body', async () => {
    const res = await post(JSON.stringify({ name: 'ok', qty: 1, isAdmin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { isAdmin: 'Unknown field' } });
  });

  it('names a field of the wrong type', async () => {
    const res = await post(JSON.stringify({ name: 'ok', qty: 'three' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('qty');
    expect(res.json().message).toContain('qty');
  });

  it('serialises replies through their schema only', async () => {
    const res = await post(JSON.stringify({ name: 'ok', qty: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'ok' });
  });

  it('maps AppError kinds to their status with fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'That code is taken',
      code: 'CONFLICT',
      fields: { code: 'Already used' },
    });
  });

  it('never leaks internals in a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
  });

  it('answers unknown API paths of any method with a JSON 404', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('rate limits the API with a clear 429', async () => {
    let last = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 21; i += 1) {
      last = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(last.json().message).toMatch(/Too many requests/);
  });
});
