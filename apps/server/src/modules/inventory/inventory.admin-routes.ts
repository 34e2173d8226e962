import {
  adminVariantListSchema,
  adminVariantSchema,
  errorReplySchema,
  idParamsSchema,
  ledgerQuerySchema,
  ledgerReplySchema,
  stockListSchema,
  stockQuerySchema,
  stockSettingsSchema,
  variantBulkSchema,
  variantChangesSchema,
  variantGenerateSchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/auth';

const tags = ['admin: stock'];
const security = [{ bearerAuth: [] }];
const errors = (...codes: (400 | 404 | 409)[]) => Object.fromEntries(codes.map((c) => [c, errorReplySchema]));

/** A product's variants (the form's matrix), the stock screen, each variant's ledger, the low-stock threshold. */
export async function inventoryAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { inventory } = app.services;

  app.get(
    '/admin/products/:id/variants',
    {
      schema: {
        tags,
        security,
        summary: "A product's variants, switched-off ones too",
        params: idParamsSchema,
        response: { 200: adminVariantListSchema, ...errors(404) },
      },
    },
    async (request) => inventory.variants(request.params.id),
  );

  app.post(
    '/admin/products/:id/variants/generate',
    {
      schema: {
        tags,
        security,
        summary: 'Make the variants of colours × sizes (every combination, or `only` those on sale)',
        params: idParamsSchema,
        body: variantGenerateSchema,
        response: { 200: adminVariantListSchema, ...errors(400, 404, 409) },
      },
    },
    async (request) => inventory.generate(signedInUser(request), request.params.id, request.body),
  );

  app.put(
    '/admin/products/:id/variants',
    {
      schema: {
        tags,
        security,
        summary: "Change many of a product's variants in one transaction (stock as a ledger adjustment)",
        params: idParamsSchema,
        body: variantBulkSchema,
        response: { 200: adminVariantListSchema, ...errors(400, 404, 409) },
      },
    },
    async (request) => inventory.bulk(signedInUser(request), request.params.id, request.body),
  );

  app.patch(
    '/admin/variants/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Change one variant: SKU, stock (set or adjust, with a note), price, picture, on sale, threshold',
        params: idParamsSchema,
        body: variantChangesSchema,
        response: { 200: adminVariantSchema, ...errors(400, 404, 409) },
      },
    },
    async (request) => inventory.change(signedInUser(request), request.params.id, request.body),
  );

  app.get(
    '/admin/variants/:id/ledger',
    {
      schema: {
        tags,
        security,
        summary: "A variant's inventory ledger, newest first",
        params: idParamsSchema,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerReplySchema, ...errors(400, 404) },
      },
    },
    async (request) => inventory.ledger(request.params.id, request.query),
  );

  app.get(
    '/admin/stock',
    {
      schema: {
        tags,
        security,
        summary:
          'Variants across the shop, searched by product name or SKU; lowStock=true: only the low ones',
        querystring: stockQuerySchema,
        response: { 200: stockListSchema, ...errors(400) },
      },
    },
    async (request) => inventory.stock(request.query),
  );

  app.get(
    '/admin/stock/settings',
    {
      schema: {
        tags,
        security,
        summary: "The shop's low-stock threshold",
        response: { 200: stockSettingsSchema },
      },
    },
    async () => inventory.settings(),
  );

  app.put(
    '/admin/stock/settings',
    {
      schema: {
        tags,
        security,
        summary: "Set the shop's low-stock threshold",
        body: stockSettingsSchema,
        response: { 200: stockSettingsSchema, ...errors(400) },
      },
    },
    async (request) => inventory.updateSettings(signedInUser(request), request.body),
  );
}
