import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** The shopper's address book. An order keeps its own copy (orders.shipping_address), never a reference. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    landmark: text('landmark'),
    city: text('city').notNull(),
    /** The GST state code, one of the 36 (packages/shared/india/states.ts). */
    stateCode: text('state_code').notNull(),
    pincode: text('pincode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    // One default per account, whatever two requests do at once.
    uniqueIndex('addresses_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
    check('addresses_pincode_form', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check('addresses_state_code_form', sql`${t.stateCode} ~ '^[0-9]{2}$'`),
  ],
);
