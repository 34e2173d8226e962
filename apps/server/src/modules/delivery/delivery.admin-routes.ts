import {
  adminDefaultZoneSchema,
  adminDeliverySchema,
  adminDeliveryZoneSchema,
  DELIVERY_LIMITS,
  defaultZoneBodySchema,
  deletedReplySchema,
  deliveryCalendarBodySchema,
  deliveryCalendarSchema,
  deliveryCheckQuerySchema,
  deliveryLookupReplySchema,
  deliveryZoneBodySchema,
  errorReplySchema,
  pincodeFileFieldsSchema,
  zoneOrderBodySchema,
} from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors';
import { formFields, readMultipartForm } from '../../lib/multipart-form';
import { validationError } from '../../lib/validation';
import { signedInUser } from '../../plugins/auth';

const tags = ['admin: delivery'];
const security = [{ bearerAuth: [] }];
const params = z.object({ zoneId: z.string() });
const refusals = { 400: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const FILE_LIMITS = { fileSize: DELIVERY_LIMITS.csvBytes, files: 1, fields: 2, fieldSize: 100 };

/** The Delivery zones screen: zones and their pincodes, their order, the default zone, the calendar. */
export async function deliveryAdminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { deliveryAdmin, delivery } = app.services;
  // A zone's pincodes typed in the form: 50,000 entries of a range each come to about 800 KB.
  const bodyLimit = 2 * 1024 * 1024;

  app.get(
    '/admin/delivery',
    {
      schema: {
        tags,
        security,
        summary:
          'The delivery calendar, the default zone and every zone with its pincodes, in priority order',
        response: { 200: adminDeliverySchema },
      },
    },
    async () => deliveryAdmin.overview(),
  );

  app.get(
    '/admin/delivery/lookup',
    {
      schema: {
        tags,
        security,
        summary: 'Which zone and rule serve a pincode, and what a shopper checking it is told',
        querystring: deliveryCheckQuerySchema,
        response: { 200: deliveryLookupReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => delivery.lookup(request.query.pincode),
  );

  app.post(
    '/admin/delivery/zones',
    {
      bodyLimit,
      schema: {
        tags,
        security,
        summary: 'Create a zone: name, fee rule (rupees), delivery days, cash on delivery, pincodes',
        description:
          '`pincodes`: a list, or a text of entries separated by commas, spaces or new lines; each a pincode (400001), a range (400001-400099) or a prefix (4000). The zone goes last in the order.',
        body: deliveryZoneBodySchema,
        response: { 201: adminDeliveryZoneSchema, 400: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await deliveryAdmin.createZone(signedInUser(request), request.body)),
  );

  app.put(
    '/admin/delivery/zones/:zoneId',
    {
      bodyLimit,
      schema: {
        tags,
        security,
        summary: 'Replace a zone’s terms and pincodes',
        params,
        body: deliveryZoneBodySchema,
        response: { 200: adminDeliveryZoneSchema, ...refusals },
      },
    },
    async (request) => deliveryAdmin.updateZone(signedInUser(request), request.params.zoneId, request.body),
  );

  app.post(
    '/admin/delivery/zones/:zoneId/pincodes',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a zone’s pincodes as a CSV file (replacing its pincodes, or added to them)',
        description:
          'multipart/form-data: `file` (CSV, at most 4 MB and 100,000 lines: one pincode, range or prefix a line; a header line naming a `pincode` column picks that column of a wider file) and `mode` (replace, the default, or add). The whole file is checked first: a 400 names every bad line (`fields`: "line 7" → why) and nothing is saved.',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: adminDeliveryZoneSchema, ...refusals, 413: errorReplySchema, 415: errorReplySchema },
      },
    },
    async (request) => {
      const form = await readMultipartForm(app, request, {
        limits: FILE_LIMITS,
        fileField: 'file',
        fileTooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'The file must be at most 4 MB.'),
      });
      const fields = pincodeFileFieldsSchema.safeParse(formFields(form, []));
      if (!fields.success) throw validationError(fields.error.issues);
      const [file] = form.files;
      if (!file) throw badRequest('Choose a CSV file of pincodes.', { file: 'Choose a CSV file' });
      return deliveryAdmin.importPincodes(
        signedInUser(request),
        request.params.zoneId,
        file,
        fields.data.mode,
      );
    },
  );

  app.delete(
    '/admin/delivery/zones/:zoneId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a zone; its pincodes fall to other zones or the default zone',
        params,
        response: { 200: deletedReplySchema, 404: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => {
      const { id } = await deliveryAdmin.deleteZone(signedInUser(request), request.params.zoneId);
      return { message: 'Zone deleted', _id: id };
    },
  );

  app.put(
    '/admin/delivery/zone-order',
    {
      schema: {
        tags,
        security,
        summary: 'Order the zones: every zone’s id, the one that wins ties first',
        body: zoneOrderBodySchema,
        response: { 200: adminDeliverySchema, 400: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => deliveryAdmin.reorder(signedInUser(request), request.body.zoneIds),
  );

  app.put(
    '/admin/delivery/default-zone',
    {
      schema: {
        tags,
        security,
        summary:
          'The default zone: the terms for pincodes no zone lists, and whether it delivers there at all',
        body: defaultZoneBodySchema,
        response: { 200: adminDefaultZoneSchema, 400: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => deliveryAdmin.updateDefaultZone(signedInUser(request), request.body),
  );

  app.put(
    '/admin/delivery/calendar',
    {
      schema: {
        tags,
        security,
        summary:
          'Business days (mon-sat or mon-fri), the cut-off time (HH:MM, India) and holidays (YYYY-MM-DD)',
        body: deliveryCalendarBodySchema,
        response: { 200: deliveryCalendarSchema, 400: errorReplySchema },
      },
    },
    async (request) => deliveryAdmin.updateCalendar(signedInUser(request), request.body),
  );
}
