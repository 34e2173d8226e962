import {
  authReplySchema,
  currentUserReplySchema,
  errorReplySchema,
  loginBodySchema,
  logoutBodySchema,
  messageReplySchema,
  profileUpdateFieldsSchema,
  registerBodySchema,
  updatedUserReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../../lib/validation';
import { signedInUser } from '../../plugins/auth';
import { dropNoChangeFields, readProfileForm } from './form-fields';
import { requestClient } from './request-client';
import { toUserReply } from './user-reply';

const tags = ['users'];
const bearer = [{ bearerAuth: [] }];
const errors = (...codes: (400 | 401 | 403 | 409 | 413 | 415 | 429)[]) =>
  Object.fromEntries(codes.map((c) => [c, errorReplySchema]));

/** Register, log in, read and update the signed-in account. */
export async function accountRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { users } = app.services;

  app.post(
    '/users/register',
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 201: authReplySchema, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, token } = await users.register(
        request.body,
        requestClient(request, reply, app.deps.config),
      );
      return reply.status(201).send({ user: toUserReply(user), token });
    },
  );

  app.post(
    '/users/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'With `link` (a ticket from a Google sign-in whose email has an account here), also links that Google account to this one.',
        body: loginBodySchema,
        response: { 200: authReplySchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { user, token } = await users.login(request.body, requestClient(request, reply, app.deps.config));
      return { user: toUserReply(user), token };
    },
  );

  app.post(
    '/users/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Log out: end this session on the server, or with `everywhere` every session of the account',
        security: bearer,
        body: logoutBodySchema.nullish(),
        response: { 200: messageReplySchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const everywhere = request.body?.everywhere === true;
      await users.logout(signedInUser(request), everywhere);
      return { message: everywhere ? 'Signed out on every device' : 'Logged out' };
    },
  );

  app.get(
    '/users/user',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: currentUserReplySchema, ...errors(401) },
      },
    },
    async (request) => ({ user: toUserReply(await users.get(signedInUser(request).id)) }),
  );

  app.put(
    '/users/user/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Update my profile',
        description:
          'multipart/form-data (or JSON without a picture): name, email, phoneNumber, password with currentPassword, and an optional `profileImage` file (an image of at most 5 MB). Changing the password returns a fresh token; older tokens stop working.',
        security: bearer,
        consumes: ['multipart/form-data', 'application/json'],
        params: z.object({ userId: z.string() }),
        response: { 200: updatedUserReplySchema, ...errors(400, 401, 403, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      const actor = signedInUser(request);
      // Refused before the body is read: nobody uploads into someone else's account.
      users.assertCanEdit(actor.id, request.params.userId);
      const form = await readProfileForm(app, request);
      const parsed = profileUpdateFieldsSchema.safeParse(dropNoChangeFields(form.fields));
      if (!parsed.success) throw validationError(parsed.error.issues);
      const { user, token } = await users.updateProfile(
        actor,
        request.params.userId,
        parsed.data,
        form.image,
      );
      return token ? { updatedUser: toUserReply(user), token } : { updatedUser: toUserReply(user) };
    },
  );
}
