import {
  PRODUCT_FORM_LIMITS,
  type ProductCreateFields,
  type ProductUpdateFields,
  productCreateFieldsSchema,
  productUpdateFieldsSchema,
} from '@bazaar/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { formFields, readMultipartForm } from '../../lib/multipart-form';
import { validationError } from '../../lib/validation';

const LIST_FIELDS = ['tags', 'colours', 'sizes'] as const;

/** The product form's share of the app-wide multipart parser. */
const LIMITS = {
  fileSize: PRODUCT_FORM_LIMITS.imageBytes,
  files: PRODUCT_FORM_LIMITS.images,
  fields: 80,
  // The description (5000 characters) and removedImages, in UTF-8.
  fieldSize: 24_000,
};

async function readProductForm<S extends z.ZodType>(
  app: FastifyInstance,
  request: FastifyRequest,
  schema: S,
): Promise<{ fields: z.output<S>; images: Buffer[] }> {
  const form = await readMultipartForm(app, request, {
    limits: LIMITS,
    fileField: 'productImages',
    fileTooLarge: () =>
      new AppError(
        'PAYLOAD_TOO_LARGE',
        `Each product image must be at most ${LIMITS.fileSize / 1024 / 1024} MB.`,
      ),
  });
  const parsed = schema.safeParse(formFields(form, LIST_FIELDS));
  if (!parsed.success) throw validationError(parsed.error.issues);
  return { fields: parsed.data, images: form.files };
}

/** POST /products: fields (lists as repeated `tags[]` entries or comma strings) and `productImages`, main first. */
export function readCreateForm(app: FastifyInstance, request: FastifyRequest) {
  return readProductForm(app, request, productCreateFieldsSchema) as Promise<{
    fields: ProductCreateFields;
    images: Buffer[];
  }>;
}

/** PUT /products/{id}: fields (lists as comma strings), removeMainImage, removedImages (JSON) and new `productImages`. */
export function readUpdateForm(app: FastifyInstance, request: FastifyRequest) {
  return readProductForm(app, request, productUpdateFieldsSchema) as Promise<{
    fields: ProductUpdateFields;
    images: Buffer[];
  }>;
}
