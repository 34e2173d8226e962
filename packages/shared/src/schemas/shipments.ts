import { z } from 'zod';
import { OTHER_CARRIER } from '../constants';
import { isoDate, text } from './common';

// Shipping an order: the shop's carriers (Shop Settings) and the shipment an admin records.

/** Where a tracking number goes in a carrier's tracking address. */
export const TRACKING_PLACEHOLDER = '{tracking}';
export const CARRIERS_MAX = 30;

const https = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .pipe(z.url({ protocol: /^https$/, error: `${label} must be an https address` }));

const carrierName = text()
  .trim()
  .min(1, 'Carrier name is required')
  .max(60, 'Carrier name must be at most 60 characters');

export const carrierInputSchema = z
  .object({
    name: carrierName,
    trackingUrl: https('Tracking address').refine((url) => url.includes(TRACKING_PLACEHOLDER), {
      error: `Tracking address must contain ${TRACKING_PLACEHOLDER} where the tracking number goes`,
    }),
  })
  .strict();

/** PUT /admin/carriers: the whole list, in the order the ship form shows it. */
export const carriersBodySchema = z
  .object({
    carriers: z
      .array(carrierInputSchema)
      .max(CARRIERS_MAX, `At most ${CARRIERS_MAX} carriers`)
      .refine((list) => new Set(list.map((c) => c.name.toLowerCase())).size === list.length, {
        error: 'Each carrier name may appear only once',
      }),
  })
  .strict();
export type CarriersBody = z.input<typeof carriersBodySchema>;

export const carrierSchema = z.object({ _id: z.string(), name: z.string(), trackingUrl: z.string() });
export const carriersReplySchema = z.object({ carriers: z.array(carrierSchema) }).meta({ id: 'Carriers' });
export type CarriersReply = z.infer<typeof carriersReplySchema>;

/**
 * POST /admin/orders/{id}/ship: a listed carrier's id, or `other` with its name and (optionally) its
 * tracking address; the tracking number; the expected delivery day (India's calendar).
 */
export const shipOrderBodySchema = z
  .object({
    carrier: z.string().trim().min(1, 'Choose a carrier').max(60),
    carrierName: carrierName.optional(),
    trackingNumber: text()
      .trim()
      .min(1, 'Tracking number is required')
      .max(60, 'Tracking number must be at most 60 characters')
      .regex(/^[A-Za-z0-9\-_/ ]+$/, 'Tracking number may hold only letters, digits, spaces, - _ /'),
    trackingUrl: https('Tracking address').optional(),
    expectedDelivery: z.iso.date('Expected delivery must be a date (YYYY-MM-DD)'),
    note: text().trim().max(200, 'Note must be at most 200 characters').optional(),
  })
  .strict()
  .refine((b) => b.carrier !== OTHER_CARRIER || b.carrierName, {
    error: 'Name the carrier when it is not one of the list',
    path: ['carrierName'],
  });
export type ShipOrderBody = z.input<typeof shipOrderBodySchema>;
export type ShipOrderInput = z.output<typeof shipOrderBodySchema>;

/** An order's shipment as shopper and admin see it. */
export const shipmentSchema = z
  .object({
    carrier: z.string(),
    trackingNumber: z.string(),
    /** The carrier's page for this parcel; null when the carrier has none. */
    trackingUrl: z.string().nullable(),
    /** YYYY-MM-DD. */
    expectedDelivery: z.string(),
    shippedAt: isoDate,
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof shipmentSchema>;

/** The carrier's tracking address for one parcel. */
export function trackingLink(template: string, trackingNumber: string): string {
  return template.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(trackingNumber));
}
