import { z } from 'zod';
import {
  DELIVERY_MESSAGES,
  PINCODE_PATTERN,
  type PincodeRule,
  parsePincodeRule,
  pincodeEntries,
  pincodeRuleProblem,
} from '../delivery';
import { isoDate, text } from './common';

// Delivery areas: the shopper's Check delivery, and the admin's zones, default zone and calendar.
// Money is rupees at this edge (integer paise inside), like every other reply.

export const DELIVERY_LIMITS = {
  nameMax: 60,
  /** Business days from dispatch to the door. */
  daysMax: 60,
  /** Rules one zone may list (typed or uploaded). */
  rulesPerZone: 50_000,
  zones: 500,
  holidays: 366,
  /** A pincode file's size and lines. */
  csvBytes: 4 * 1024 * 1024,
  csvLines: 100_000,
  /** Bad lines a refused file's reply names (the message counts them all). */
  csvErrorsShown: 200,
  feeMax: 100_000,
} as const;
const L = DELIVERY_LIMITS;

/** A calendar date, YYYY-MM-DD (shop time, India). */
export const calendarDate = z.string().meta({ format: 'date' });

export const pincodeSchema = z.string().trim().regex(PINCODE_PATTERN, DELIVERY_MESSAGES.invalidPincode);

/** GET /delivery/check?pincode=NNNNNN */
export const deliveryCheckQuerySchema = z
  .object({ pincode: z.string({ error: DELIVERY_MESSAGES.invalidPincode }).pipe(pincodeSchema) })
  .strict();
export type DeliveryCheckQuery = z.infer<typeof deliveryCheckQuerySchema>;

/** What a pincode gets: the fee rule (rupees), the dates, whether cash on delivery is offered. */
export const deliveryCheckReplySchema = z
  .discriminatedUnion('deliverable', [
    z.object({
      pincode: z.string(),
      deliverable: z.literal(true),
      /** The delivery fee in rupees, charged below `freeAbove`. */
      fee: z.number(),
      /** Delivery is free from this amount (after discounts) on; null: never free. */
      freeAbove: z.number().nullable(),
      /** Cash on delivery is offered here (the payment method comes later). */
      cod: z.boolean(),
      /** The earliest and latest delivery dates for an order placed now. */
      earliest: calendarDate,
      deliverBy: calendarDate,
      /** "Delivers by Fri, 5 Dec". */
      message: z.string(),
    }),
    z.object({
      pincode: z.string(),
      deliverable: z.literal(false),
      /** "Does not deliver to this pincode". */
      message: z.string(),
    }),
  ])
  .meta({ id: 'DeliveryCheck' });
export type DeliveryCheck = z.infer<typeof deliveryCheckReplySchema>;

// ---- Admin -------------------------------------------------------------------------------------

/** A number typed into a form field or sent as a number; empty means not given. */
const formNumber = (label: string, schema: (n: z.ZodNumber) => z.ZodType<number>) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    schema(
      z.number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      }),
    ),
  );
const rupees = (label: string) =>
  formNumber(label, (n) =>
    n
      .min(0, `${label} cannot be negative`)
      .max(L.feeMax, `${label} must be at most ${L.feeMax}`)
      .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), `${label} has at most 2 decimals`),
  );
const days = (label: string) =>
  formNumber(label, (n) =>
    n
      .int(`${label} must be a whole number`)
      .min(0, `${label} must be 0 to ${L.daysMax}`)
      .max(L.daysMax, `${label} must be 0 to ${L.daysMax}`),
  );
/** Free delivery from this amount; empty or null: never free. */
const freeAbove = z.union([z.literal('').transform(() => null), z.null(), rupees('Free delivery from')]);
const checkbox = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** What every zone has: its fee rule, its delivery time and whether it offers cash on delivery. */
const zoneTermsShape = {
  name: text()
    .trim()
    .min(1, 'Zone name is required')
    .max(L.nameMax, `Zone name must be at most ${L.nameMax} characters`),
  /** Rupees. */
  fee: rupees('Delivery fee'),
  freeAbove,
  /** Business days from dispatch: at the earliest, at the latest. */
  minDays: days('Fastest delivery (days)'),
  maxDays: days('Slowest delivery (days)'),
  cod: checkbox,
  /** Cash on delivery's fee and the order values it is offered for (rupees); empty maximum: none. */
  codFee: rupees('COD fee').default(0),
  codMin: rupees('COD minimum order').default(0),
  codMax: z.union([z.literal('').transform(() => null), z.null(), rupees('COD maximum order')]).default(null),
};

const daysInOrder = (
  zone: { minDays: number; maxDays: number; codMin: number; codMax: number | null },
  ctx: z.RefinementCtx,
) => {
  if (zone.minDays > zone.maxDays) {
    ctx.addIssue({
      code: 'custom',
      path: ['maxDays'],
      message: 'Slowest delivery cannot be faster than the fastest',
    });
  }
  if (zone.codMax !== null && zone.codMax < zone.codMin) {
    ctx.addIssue({
      code: 'custom',
      path: ['codMax'],
      message: 'COD maximum order cannot be below the minimum',
    });
  }
};

/** Entries beyond this many bad ones are counted, not named, in the field's message. */
const BAD_ENTRIES_NAMED = 5;

/**
 * A zone's pincodes as typed (a text of entries separated by commas, spaces or new lines) or as a
 * list: each a pincode, a range or a prefix; every bad entry is named with its position.
 */
export const pincodeListSchema = z
  .union([z.string().transform(pincodeEntries), z.array(z.string().max(40))])
  .transform((entries, ctx): PincodeRule[] => {
    if (entries.length > L.rulesPerZone) {
      ctx.addIssue({ code: 'custom', message: `At most ${L.rulesPerZone} entries; upload more as a file` });
      return z.NEVER;
    }
    const rules: PincodeRule[] = [];
    const bad: string[] = [];
    entries.forEach((entry, i) => {
      const rule = parsePincodeRule(entry);
      if (rule) rules.push(rule);
      else bad.push(`entry ${i + 1}: ${pincodeRuleProblem(entry)}`);
    });
    if (bad.length) {
      const more = bad.length - BAD_ENTRIES_NAMED;
      ctx.addIssue({
        code: 'custom',
        message: `${bad.slice(0, BAD_ENTRIES_NAMED).join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
      });
      return z.NEVER;
    }
    return rules;
  });

/** POST /admin/delivery/zones and PUT /admin/delivery/zones/{zoneId}: the whole zone, as the form has it. */
export const deliveryZoneBodySchema = z
  .object({ ...zoneTermsShape, pincodes: pincodeListSchema })
  .strict()
  .superRefine(daysInOrder);
export type DeliveryZoneBody = z.input<typeof deliveryZoneBodySchema>;
export type DeliveryZoneInput = z.output<typeof deliveryZoneBodySchema>;

/** PUT /admin/delivery/default-zone: the fallback zone's terms, and whether it delivers at all. */
export const defaultZoneBodySchema = z
  .object({ ...zoneTermsShape, deliversOutside: checkbox })
  .strict()
  .superRefine(daysInOrder);
export type DefaultZoneBody = z.input<typeof defaultZoneBodySchema>;
export type DefaultZoneInput = z.output<typeof defaultZoneBodySchema>;

/** PUT /admin/delivery/zone-order: every listed zone's id, first (highest priority) first. */
export const zoneOrderBodySchema = z.object({ zoneIds: z.array(z.uuid()).max(L.zones) }).strict();
export type ZoneOrderBody = z.infer<typeof zoneOrderBodySchema>;

export const BUSINESS_DAYS = ['mon-sat', 'mon-fri'] as const;
export type BusinessDays = (typeof BUSINESS_DAYS)[number];
export const CUTOFF_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  );
};

/** PUT /admin/delivery/calendar: which days the shop dispatches and delivers, its cut-off and holidays. */
export const deliveryCalendarBodySchema = z
  .object({
    businessDays: z.enum(BUSINESS_DAYS, { error: 'Business days are mon-sat or mon-fri' }),
    /** HH:MM, India time: orders from then on count from the next business day. */
    cutoff: z.string().trim().regex(CUTOFF_TIME, 'Cut-off time is a time such as 14:00'),
    /** Dates (YYYY-MM-DD) nothing is dispatched or delivered: typed one per line, or a list. */
    holidays: z
      .union([z.string().transform((v) => v.split(/[\s,;]+/).filter(Boolean)), z.array(z.string().max(20))])
      .pipe(
        z
          .array(z.string().refine(isRealDate, 'Each holiday is a date such as 2026-11-08'))
          .max(L.holidays, `At most ${L.holidays} holidays`),
      )
      .transform((dates) => [...new Set(dates)].sort()),
  })
  .strict();
export type DeliveryCalendarBody = z.input<typeof deliveryCalendarBodySchema>;
export type DeliveryCalendarInput = z.output<typeof deliveryCalendarBodySchema>;

export const PINCODE_FILE_MODES = ['replace', 'add'] as const;
/** The fields sent with a pincode file: replace the zone's pincodes (default) or add to them. */
export const pincodeFileFieldsSchema = z
  .object({ mode: z.enum(PINCODE_FILE_MODES, { error: 'Mode is replace or add' }).default('replace') })
  .strict();

export const deliveryCalendarSchema = z
  .object({
    businessDays: z.enum(BUSINESS_DAYS),
    cutoff: z.string(),
    holidays: z.array(calendarDate),
  })
  .meta({ id: 'DeliveryCalendar' });
export type DeliveryCalendar = z.infer<typeof deliveryCalendarSchema>;

const zoneTermsReply = {
  _id: z.string(),
  name: z.string(),
  fee: z.number(),
  freeAbove: z.number().nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  cod: z.boolean(),
  /** Rupees: the COD fee, and the order values COD is offered for (null: no maximum). */
  codFee: z.number(),
  codMin: z.number(),
  codMax: z.number().nullable(),
  updatedAt: isoDate,
};

export const adminDeliveryZoneSchema = z
  .object({
    ...zoneTermsReply,
    /** 1 for the zone that wins ties, then 2, 3… (the admin's order). */
    position: z.number().int(),
    /** Its rules as typed: pincodes, ranges and prefixes, in pincode order. */
    pincodes: z.array(z.string()),
  })
  .meta({ id: 'AdminDeliveryZone' });
export type AdminDeliveryZone = z.infer<typeof adminDeliveryZoneSchema>;

export const adminDefaultZoneSchema = z
  .object({
    ...zoneTermsReply,
    /** Off: pincodes no zone lists are not delivered to. */
    deliversOutside: z.boolean(),
  })
  .meta({ id: 'AdminDefaultDeliveryZone' });
export type AdminDefaultZone = z.infer<typeof adminDefaultZoneSchema>;

/** GET /admin/delivery: everything the Delivery zones screen shows. */
export const adminDeliverySchema = z
  .object({
    calendar: deliveryCalendarSchema,
    defaultZone: adminDefaultZoneSchema,
    /** In the admin's order. */
    zones: z.array(adminDeliveryZoneSchema),
  })
  .meta({ id: 'AdminDelivery' });
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;

/** GET /admin/delivery/lookup?pincode=: which zone and rule serve a pincode, and what the shopper is told. */
export const deliveryLookupReplySchema = z
  .object({
    /** Null: no zone lists it (the default zone answers, or nobody). */
    zone: z.object({ _id: z.string(), name: z.string(), isDefault: z.boolean() }).nullable(),
    /** The rule that matched, as typed; null for the default zone. */
    rule: z.string().nullable(),
    check: deliveryCheckReplySchema,
  })
  .meta({ id: 'DeliveryLookup' });
export type DeliveryLookup = z.infer<typeof deliveryLookupReplySchema>;
