import {
  changePasswordBodySchema,
  changePasswordReplySchema,
  errorReplySchema,
  forgotPasswordBodySchema,
  messageReplySchema,
  resetPasswordBodySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';

export const FORGOT_PASSWORD_REPLY =
  'If an account exists for this email, we have sent a link to reset its password.';
export const PASSWORD_RESET_REPLY = 'Your password has been reset. You can now log in with the new one.';

const tags = ['users'];

/** Change a known password, or reset a forgotten one through a mailed link. */
export async function passwordRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { users, passwordReset } = app.services;

  app.put(
    '/users/password',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Change my password (returns a fresh token; older ones stop working)',
        security: [{ bearerAuth: [] }],
        body: changePasswordBodySchema,
        response: {
          200: changePasswordReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request) => {
      const { token } = await users.changePassword(signedInUser(request), request.body);
      return { message: 'Password updated successfully', token };
    },
  );

  app.post(
    '/users/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not the email has an account)',
        body: forgotPasswordBodySchema,
        response: { 200: messageReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => {
      await passwordReset.requestReset(request.body.email, request.ip);
      return { message: FORGOT_PASSWORD_REPLY };
    },
  );

  app.put(
    '/users/reset-password/:token',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link (single use, 30 minutes); every session ends',
        params: z.object({ token: z.string().max(200) }),
        body: resetPasswordBodySchema,
        response: { 200: messageReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => {
      await passwordReset.resetPassword(request.params.token, request.body.password);
      return { message: PASSWORD_RESET_REPLY };
    },
  );
}
