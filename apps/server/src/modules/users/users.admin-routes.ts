import {
  adminListQuerySchema,
  adminUsersReplySchema,
  deletedReplySchema,
  errorReplySchema,
  updatedUserRoleReplySchema,
  updateUserRoleBodySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';
import { toUserReply } from './user-reply';

const tags = ['admin: users'];
const security = [{ bearerAuth: [] }];
const params = z.object({ userId: z.string() });

/** Users admin at the spec's paths: list with search and counts, change a role, delete an account. */
export async function usersAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { userAdmin } = app.services;

  app.get(
    '/users/all',
    {
      schema: {
        tags,
        security,
        summary: 'Users, newest first, searched by name, email, phone or id; with the shop-wide counts',
        querystring: adminListQuerySchema,
        response: { 200: adminUsersReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { users, total, counts } = await userAdmin.list(request.query);
      return { adminUsers: users.map(toUserReply), total, page, pages: Math.ceil(total / limit), counts };
    },
  );

  app.put(
    '/users/update/:userId',
    {
      schema: {
        tags,
        security,
        summary: "Change a user's role: newStatus 'admin' or 'user'",
        description:
          'An admin cannot change their own role, and the shop always keeps at least one admin (409).',
        params,
        body: updateUserRoleBodySchema,
        response: {
          200: updatedUserRoleReplySchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const user = await userAdmin.setRole(
        signedInUser(request),
        request.params.userId,
        request.body.newStatus,
      );
      return { message: 'User updated successfully', user: toUserReply(user) };
    },
  );

  app.delete(
    '/users/delete/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an account; its orders stay for the shop, with their own name and email',
        params,
        response: { 200: deletedReplySchema, 404: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => {
      const user = await userAdmin.remove(signedInUser(request), request.params.userId);
      return { message: 'User deleted successfully', _id: user.id };
    },
  );
}
