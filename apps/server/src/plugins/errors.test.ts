import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers';
import { AppError, tooManyRequests } from '../lib/errors';
import { ROUTE_MODULES, type RouteModule } from '../routes';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

/** What the drivers throw when the database is away (all but the last two), and when it is not. */
const DATABASE_ERRORS: Record<string, () => Error> = {
  'admin-shutdown': () => withCode('terminating connection due to administrator command', '57P01'),
  'starting-up': () => withCode('the database system is starting up', '57P03'),
  'connection-failure': () => withCode('connection failure', '08006'),
  terminated: () => new Error('Connection terminated unexpectedly'),
  'pool-timeout': () => new Error('timeout exceeded when trying to connect'),
  // A query builder's error around the driver's, which failed on every address it tried.
  'wrapped-refused': () =>
    new Error('Failed query: select 1', {
      cause: new AggregateError([
        withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
        withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      ]),
    }),
  'unique-violation': () => withCode('duplicate key value violates unique constraint', '23505'),
  'serialization-failure': () => withCode('could not serialize access', '40001'),
};

/** Routes that fail in every way a route can, registered under /api like any module's. */
const failingModule: RouteModule = {
  async store(base: FastifyInstance) {
    const typed = base.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/echo',
      {
        schema: {
          body: z.object({ name: z.string().min(2), qty: z.number().int() }).strict(),
          response: { 200: z.object({ name: z.string() }) },
        },
      },
      async (request) => ({ name: request.body.name, secret: 'never serialised' }),
    );
    typed.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    typed.get('/conflict', async () => {
      throw new AppError('CONFLICT', 'That code is taken', { code: 'Already used' });
    });
    typed.get(
      '/db/:kind',
      { schema: { params: z.object({ kind: z.enum(Object.keys(DATABASE_ERRORS) as [string]) }) } },
      async (request) => {
        throw DATABASE_ERRORS[request.params.kind]!();
      },
    );
    typed.get('/slow-down', async () => {
      throw tooManyRequests('Too many attempts. Please try again in 2 minutes.', 90.2);
    });
  },
};

describe('error mapping', () => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 20 }, { modules: [...ROUTE_MODULES, failingModule] });
    app = t.app;
  });
  afterAll(async () => t.close());

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

  it('sends the headers an error carries: Retry-After on a 429', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/slow-down' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('91');
    expect(res.json()).toEqual({
      message: 'Too many attempts. Please try again in 2 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it.each(Object.keys(DATABASE_ERRORS).slice(0, -2))(
    'answers the database being away (%s) with a 503 and Retry-After, never a 500',
    async (kind) => {
      const res = await app.inject({ method: 'GET', url: `/api/db/${kind}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        message: 'The shop is briefly unavailable. Please try again in a few seconds.',
        code: 'UNAVAILABLE',
      });
    },
  );

  it('keeps a database error that is not about reaching it (a unique violation) a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/db/unique-violation' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('answers a transaction that kept losing a race (serialization failure) 503, try again at once', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/db/serialization-failure' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      message: 'The shop is busy right now. Please try again.',
      code: 'UNAVAILABLE',
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
