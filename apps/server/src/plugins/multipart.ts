import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * multipart/form-data for the whole app, registered once. The defaults are
 * tight (no file at all); a route that takes files passes its own limits to
 * `request.parts({ limits })` (the profile form: one picture of 5 MB).
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: 0, files: 0, fields: 20, parts: 20, fieldSize: 4096 },
    });
  },
  { name: 'multipart' },
);
