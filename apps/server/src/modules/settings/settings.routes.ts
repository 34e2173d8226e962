import { shopSettingsSchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The public read of the shop settings (the storefront's name, logo, colour, contacts, policies, delivery). */
export async function settingsRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { settings } = app.services;
  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: "The shop's public settings",
        response: { 200: shopSettingsSchema },
      },
    },
    async () => settings.get(),
  );
}
