import type { CreditNoteLine } from '@bazaar/shared/gst';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { refunds } from './after-sale';
import { id } from './columns';
import { orders } from './orders';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * One counter row per document series and financial year. Taking a number is an update of this row in
 * the settlement's (or refund's) transaction: a rollback gives the number back, so numbers have no gaps,
 * and the row lock makes two processes take turns, so none repeats (decision 193).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    /** The calendar year the financial year starts in (April). */
    yearStart: integer('year_start').notNull(),
    lastSequence: integer('last_sequence').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'document_counters_pk', columns: [t.series, t.yearStart] }),
    check('document_counters_sequence', sql`${t.lastSequence} between 0 and 999999`),
  ],
);

/** A paid order's invoice, rendered once: the PDF kept is what every download sends. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    series: text('series').notNull(),
    yearStart: integer('year_start').notNull(),
    sequence: integer('sequence').notNull(),
    kind: text('kind').$type<'tax-invoice' | 'invoice'>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The document the PDF is rendered from (lib/invoice-pdf), for reports and credit notes. */
    document: jsonb('document').notNull(),
    /** Rendered on the first download and kept (null until then: migration 0044). */
    pdf: bytea('pdf'),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_order_uq').on(t.orderId),
    uniqueIndex('invoices_number_uq').on(t.number),
    uniqueIndex('invoices_sequence_uq').on(t.series, t.yearStart, t.sequence),
    index('invoices_issued_at_idx').on(t.issuedAt),
    check('invoices_kind', sql`${t.kind} in ('tax-invoice', 'invoice')`),
    check('invoices_number_length', sql`length(${t.number}) <= 16`),
  ],
);

/** A credit note against an invoice, in its own series, with the taxes reversed line by line. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    series: text('series').notNull(),
    yearStart: integer('year_start').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
    document: jsonb('document').notNull(),
    pdf: bytea('pdf').notNull(),
    totalPaise: integer('total_paise').notNull(),
    /** The refund it credits: one credit note per refund (null for one issued by hand). */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('credit_notes_number_uq').on(t.number),
    uniqueIndex('credit_notes_refund_uq').on(t.refundId),
    uniqueIndex('credit_notes_sequence_uq').on(t.series, t.yearStart, t.sequence),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_issued_at_idx').on(t.issuedAt),
    check('credit_notes_number_length', sql`length(${t.number}) <= 16`),
    check('credit_notes_total_positive', sql`${t.totalPaise} > 0`),
  ],
);

/**
 * A processed refund whose credit note is still to issue: written in the refund's own transaction, so a
 * process that dies before the credit note leaves it here for the payments job (decision 211).
 */
export const creditNotesDue = pgTable(
  'credit_notes_due',
  {
    refundId: uuid('refund_id')
      .primaryKey()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('credit_notes_due_at_idx').on(t.dueAt)],
);
