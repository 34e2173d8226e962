import {
  errorReplySchema,
  shopSettingsSchema,
  shopSettingsUpdateFieldsSchema,
  taxSettingsBodySchema,
  taxSettingsReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { formFields, readMultipartForm } from '../../lib/multipart-form';
import { validationError } from '../../lib/validation';
import { signedInUser } from '../../plugins/auth';
import { LOGO_RULES } from './settings.service';

/** The settings form's share of the multipart parser: one logo, and policies of up to 20,000 characters. */
const LIMITS = { fileSize: LOGO_RULES.maxBytes, files: 1, fields: 30, fieldSize: 100_000 };

/** PUT /settings: the admin's Shop Settings form (the spec leaves the path unnamed; this is the read's path). */
export async function settingsAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { settings } = app.services;
  app.put(
    '/settings',
    {
      schema: {
        tags: ['admin: settings'],
        security: [{ bearerAuth: [] }],
        summary: 'Update the shop settings',
        description:
          "multipart/form-data: name, email, phone, secondEmail, secondPhone, address, facebookUrl, instagramUrl, xUrl, youtubeUrl (https on the network's own site), primaryColor (#rrggbb), returnPolicy, shippingPolicy, privacyPolicy, googleAnalyticsId (G-…), codMaxOpenOrders (1–100), codRefuseAfterRto (0–100; empty or 0: off), removeLogo (true/false), and an optional `logo` file (JPEG, PNG, WebP, GIF or AVIF, at most 5 MB). Empty text clears a field; fields left out stay. Delivery figures are the default zone's (/api/admin/delivery).",
        consumes: ['multipart/form-data'],
        response: {
          200: shopSettingsSchema,
          400: errorReplySchema,
          413: errorReplySchema,
          415: errorReplySchema,
        },
      },
    },
    async (request) => {
      const form = await readMultipartForm(app, request, {
        limits: LIMITS,
        fileField: 'logo',
        fileTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'The logo must be at most 5 MB.'),
      });
      const parsed = shopSettingsUpdateFieldsSchema.safeParse(formFields(form, []));
      if (!parsed.success) throw validationError(parsed.error.issues);
      return settings.update(signedInUser(request), parsed.data, form.files[0]);
    },
  );

  app.get(
    '/admin/settings/tax',
    {
      schema: {
        tags: ['admin: settings'],
        security: [{ bearerAuth: [] }],
        summary: 'The tax mode and the shop’s GSTIN',
        response: { 200: taxSettingsReplySchema },
      },
    },
    async () => settings.tax(),
  );

  app.put(
    '/admin/settings/tax',
    {
      schema: {
        tags: ['admin: settings'],
        security: [{ bearerAuth: [] }],
        summary: 'Switch the tax mode: flat rate added at checkout, or GST with prices that include it',
        description:
          'GST mode needs the shop’s GSTIN (format and check character validated); its first two digits are the shop’s state. Placed orders keep their pricing.',
        body: taxSettingsBodySchema,
        response: { 200: taxSettingsReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => settings.updateTax(signedInUser(request), request.body),
  );
}
