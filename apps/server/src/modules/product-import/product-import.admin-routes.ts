import { PassThrough } from 'node:stream';
import { errorReplySchema, type ImportEvent, PRODUCT_IMPORT_LIMITS } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors';
import { readMultipartForm } from '../../lib/multipart-form';
import { signedInUser } from '../../plugins/auth';

const tags = ['admin: products'];
const security = [{ bearerAuth: [] }];
const MB = PRODUCT_IMPORT_LIMITS.bytes / 1024 / 1024;

/** Import/Export of the products file: GET the CSV, POST one to create or update products by SKU. */
export async function productImportAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { productImport } = app.services;

  app.get(
    '/admin/products/export.csv',
    {
      schema: {
        tags,
        security,
        summary: 'Every live product with its variants as CSV, one row a variant (the import’s columns)',
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .header('cache-control', 'private, no-store')
        .send(productImport.exportCsv() as unknown as string),
  );

  app.post(
    '/admin/products/import',
    {
      // Progress lines must reach the browser as they are written, not when a compressor flushes.
      compress: false,
      schema: {
        tags,
        security,
        summary: 'Import a products CSV: create or update products and variants by SKU, all or nothing',
        description: `multipart/form-data: \`file\`, the export's CSV (at most ${MB} MB, ${PRODUCT_IMPORT_LIMITS.rows} rows). The whole file is checked first: a 400 names every bad line (\`fields\`: "line 7" → why) and nothing is written. An accepted file is answered 200 with application/x-ndjson: progress lines ({type: "progress", phase, done, total}) while image URLs are fetched and rows written in one transaction, then {type: "done", …counts} or {type: "refused", problems} (nothing written).`,
        consumes: ['multipart/form-data'],
        produces: ['application/x-ndjson'],
        response: { 200: z.string(), 400: errorReplySchema, 413: errorReplySchema, 415: errorReplySchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(app, request, {
        limits: { fileSize: PRODUCT_IMPORT_LIMITS.bytes, files: 1, fields: 0, fieldSize: 100 },
        fileField: 'file',
        fileTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${MB} MB.`),
      });
      const [file] = form.files;
      if (!file) throw badRequest('Choose the CSV file to import.', { file: 'Choose a CSV file' });
      const checked = await productImport.check(file);
      const out = new PassThrough();
      const send = (event: ImportEvent) => out.write(`${JSON.stringify(event)}\n`);
      productImport.apply(signedInUser(request), checked, send).then(
        (last) => out.end(`${JSON.stringify(last)}\n`),
        (err: unknown) => {
          request.log.error({ err }, 'product import failed');
          const message =
            err instanceof AppError ? err.message : 'The import failed on the server; nothing was written';
          out.end(`${JSON.stringify({ type: 'refused', message, problems: [] } satisfies ImportEvent)}\n`);
        },
      );
      return (
        reply
          .type('application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // A stream is sent as it is; the schema documents the reply as text.
          .send(out as unknown as string)
      );
    },
  );
}
