import {
  addressBodySchema,
  addressListReplySchema,
  addressParamsSchema,
  errorReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';

const tags = ['addresses'];
const security = [{ bearerAuth: [] }];
const errors = (...codes: (400 | 401 | 404 | 409)[]) =>
  Object.fromEntries(codes.map((c) => [c, errorReplySchema]));

/** The signed-in shopper's address book. Every route answers the whole book, the default first. */
export async function addressesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { addresses } = app.services;
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/users/addresses',
    {
      schema: {
        tags,
        security,
        summary: 'The address book',
        response: { 200: addressListReplySchema, ...errors(401) },
      },
    },
    async (request) => ({ addresses: await addresses.list(signedInUser(request).id) }),
  );

  app.post(
    '/users/addresses',
    {
      schema: {
        tags,
        security,
        summary: 'Add an address (the pincode must lie in the chosen state; 409 when the book is full)',
        body: addressBodySchema,
        response: { 201: addressListReplySchema, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { addresses: await addresses.add(signedInUser(request).id, request.body) };
    },
  );

  app.put(
    '/users/addresses/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change an address',
        params: addressParamsSchema,
        body: addressBodySchema,
        response: { 200: addressListReplySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => ({
      addresses: await addresses.update(signedInUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/users/addresses/:id/default',
    {
      schema: {
        tags,
        security,
        summary: 'Make an address the default',
        params: addressParamsSchema,
        response: { 200: addressListReplySchema, ...errors(401, 404) },
      },
    },
    async (request) => ({
      addresses: await addresses.makeDefault(signedInUser(request).id, request.params.id),
    }),
  );

  app.delete(
    '/users/addresses/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an address (orders keep their own copy)',
        params: addressParamsSchema,
        response: { 200: addressListReplySchema, ...errors(401, 404) },
      },
    },
    async (request) => ({
      addresses: await addresses.remove(signedInUser(request).id, request.params.id),
    }),
  );
}
