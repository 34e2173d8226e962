import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * One row (id 1): the delivery calendar, and the revision every delivery write counts up in its own
 * transaction (each process's copy of the zones checks it before answering, and after it is told).
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** 'mon-sat' or 'mon-fri': the days parcels leave and arrive. */
    businessDays: text('business_days').notNull().default('mon-sat'),
    /** Minutes after midnight, India time: orders from then on count from the next business day. */
    cutoffMinutes: integer('cutoff_minutes')
      .notNull()
      .default(14 * 60),
    /** Dates nothing leaves or arrives. */
    holidays: date('holidays', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    revision: bigint('revision', { mode: 'number' }).notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('delivery_settings_single_row', sql`${t.id} = 1`),
    check('delivery_settings_business_days', sql`${t.businessDays} in ('mon-sat', 'mon-fri')`),
    check('delivery_settings_cutoff', sql`${t.cutoffMinutes} between 0 and 1439`),
  ],
);

/**
 * Where the shop delivers and on what terms. The default zone (exactly one) answers for pincodes no
 * other zone lists, unless `delivers` is off; other zones always deliver and win ties by `position`.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: id(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** The admin's order: the lower wins a tie between equally narrow rules. */
    position: integer('position').notNull(),
    feePaise: integer('fee_paise').notNull(),
    /** Delivery is free from this amount after discounts; null: never free. */
    freeAbovePaise: integer('free_above_paise'),
    /** Business days from dispatch to delivery, at the earliest and at the latest. */
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    /** Cash on delivery offered here, on the terms below. */
    cod: boolean('cod').notNull().default(false),
    /** Cash on delivery's fee here, and the order values (after discounts, with delivery) it takes. */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    codMinPaise: integer('cod_min_paise').notNull().default(0),
    /** Null: no maximum. */
    codMaxPaise: integer('cod_max_paise'),
    /** The default zone's "delivers outside listed zones"; always true for the others. */
    delivers: boolean('delivers').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('delivery_zones_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    uniqueIndex('delivery_zones_name_uq').on(sql`lower(${t.name})`),
    check(
      'delivery_zones_terms',
      sql`${t.feePaise} >= 0 and (${t.freeAbovePaise} is null or ${t.freeAbovePaise} >= 0) and ${t.minDays} between 0 and 60 and ${t.maxDays} between ${t.minDays} and 60 and char_length(${t.name}) between 1 and 60`,
    ),
    check('delivery_zones_only_default_stops', sql`${t.isDefault} or ${t.delivers}`),
    check(
      'delivery_zones_cod_terms',
      sql`${t.codFeePaise} >= 0 and ${t.codMinPaise} >= 0 and (${t.codMaxPaise} is null or ${t.codMaxPaise} >= ${t.codMinPaise})`,
    ),
  ],
);

/** A zone's pincodes: each rule as the pincodes it covers (an exact pincode is a range of one). */
export const deliveryZonePincodes = pgTable(
  'delivery_zone_pincodes',
  {
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    /** 'exact', 'range' or 'prefix'. */
    kind: text('kind').notNull(),
    low: integer('low').notNull(),
    high: integer('high').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.kind, t.low, t.high] }),
    check('delivery_zone_pincodes_kind', sql`${t.kind} in ('exact', 'range', 'prefix')`),
    check(
      'delivery_zone_pincodes_span',
      sql`${t.low} between 100000 and 999999 and ${t.high} between ${t.low} and 999999 and (${t.kind} <> 'exact' or ${t.low} = ${t.high})`,
    ),
  ],
);
