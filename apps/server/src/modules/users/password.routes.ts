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
import { withRetryAfter } from './account.routes';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { changePassword, type UsersDeps } from './users.service';

const tags = ['users'];

/** Change a known password, or reset a forgotten one through a mailed link. */
export async function passwordRoutes(base: FastifyInstance, { deps }: { deps: UsersDeps }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
    async (request, reply) => {
      const { token } = await withRetryAfter(reply, () =>
        changePassword(deps, signedInUser(request).id, request.body),
      );
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
    async (request, reply) => {
      const message = await withRetryAfter(reply, () =>
        requestPasswordReset(
          { ...deps, publicUrl: app.config.publicUrl, sendMail: (m) => app.sendMailInBackground(m) },
          request.body.email,
          request.ip,
        ),
      );
      return { message };
    },
  );

  app.put(
    '/users/reset-password/:token',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link (single use, 30 minutes)',
        params: z.object({ token: z.string().max(200) }),
        body: resetPasswordBodySchema,
        response: { 200: messageReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => ({
      message: await resetPassword(deps, request.params.token, request.body.password),
    }),
  );
}
