import {
  adminListQuerySchema,
  adminProductListSchema,
  adminProductSchema,
  errorReplySchema,
  idParamsSchema,
  productDeletedReplySchema,
  productWriteReplySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/auth';
import { readCreateForm, readUpdateForm } from './product-form';
import { toProduct } from './product-view';

const tags = ['admin: products'];
const security = [{ bearerAuth: [] }];
const errors = (...codes: (400 | 404 | 409 | 413 | 415)[]) =>
  Object.fromEntries(codes.map((c) => [c, errorReplySchema]));
const FORM_FIELDS =
  'Fields: name, brand, category, subCategory, option, subOption, sku, price (rupees), discount (percent), countInStock, seller, material, madeIn, hsn (4, 6 or 8 digits), gstRate (percent, e.g. 18 or 0.25), colours, sizes, tags, description, isFeatured (true/false). ';

/**
 * Product writes at the spec's paths (POST /products, PUT and DELETE
 * /products/{id}), and the admin's own list, which searches more fields than
 * the storefront's and reads past the reply cache.
 */
export async function catalogueAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { productAdmin } = app.services;

  app.get(
    '/admin/products',
    {
      schema: {
        tags,
        security,
        summary:
          'Products newest first, searched across name, description, brand, category, tags, sku, seller, colours, material, sizes and madeIn',
        querystring: adminListQuerySchema,
        response: { 200: adminProductListSchema, ...errors(400) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total, all } = await productAdmin.list(request.query);
      return { products: rows.map(toProduct), total, page, pages: Math.ceil(total / limit), all };
    },
  );

  app.get(
    '/admin/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One product for the edit form, as stored now',
        params: idParamsSchema,
        response: { 200: z.object({ product: adminProductSchema }), ...errors(404) },
      },
    },
    async (request) => {
      const row = await productAdmin.get(request.params.id);
      return { product: { ...toProduct(row), hsn: row.hsn, gstRate: row.gstRateBp / 100 } };
    },
  );

  app.post(
    '/products',
    {
      schema: {
        tags,
        security,
        summary: 'Create a product',
        description: `multipart/form-data. ${FORM_FIELDS}Lists as repeated entries (tags[], colours[], sizes[]) or comma strings. name, category, price and description are required. Files: productImages, the main image first (JPEG, PNG, WebP, GIF or AVIF, at most 5 MB each; stored as WebP).`,
        consumes: ['multipart/form-data'],
        response: { 201: productWriteReplySchema, ...errors(400, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const form = await readCreateForm(app, request);
      const row = await productAdmin.create(signedInUser(request), form.fields, form.images);
      return reply.status(201).send({ message: 'Product created successfully!', product: toProduct(row) });
    },
  );

  app.put(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a product',
        description: `multipart/form-data. ${FORM_FIELDS}Lists as comma strings. name, category and price are required; fields left out stay as they are. removeMainImage=true drops the main image; removedImages is a JSON list of image URLs to drop; new productImages join the gallery (the first becomes the main image when none is left).`,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: productWriteReplySchema, ...errors(400, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const form = await readUpdateForm(app, request);
      const row = await productAdmin.update(
        signedInUser(request),
        request.params.id,
        form.fields,
        form.images,
      );
      return { message: 'Product updated successfully!', product: toProduct(row) };
    },
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a product (archived instead when past orders name it)',
        params: idParamsSchema,
        response: { 200: productDeletedReplySchema, ...errors(404) },
      },
    },
    async (request) => {
      const { archived } = await productAdmin.remove(signedInUser(request), request.params.id);
      return { message: 'Product deleted successfully', _id: request.params.id, archived };
    },
  );
}
