import {
  ADDRESS_LIMITS,
  ADDRESS_MESSAGES,
  type Address,
  type AddressInput,
  idSchema,
  stateName,
} from '@bazaar/shared';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { conflict, notFound } from '../../lib/errors';
import {
  type AddressRow,
  clearDefault,
  countAddresses,
  deleteAddress,
  findAddress,
  findAddresses,
  insertAddress,
  lockOwner,
  promoteOldest,
  updateAddress,
} from './addresses.repo';

export interface AddressesServiceDeps {
  db: Db;
}

const isId = (id: string) => idSchema.safeParse(id).success;

export function toAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    landmark: row.landmark,
    city: row.city,
    stateCode: row.stateCode,
    state: stateName(row.stateCode),
    pincode: row.pincode,
    isDefault: row.isDefault,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The shopper's address book. Every write locks the account's row first, so the bound on addresses
 * and "exactly one default while there are any" hold when two tabs write at once.
 */
export class AddressesService {
  constructor(private readonly deps: AddressesServiceDeps) {}

  async list(userId: string): Promise<Address[]> {
    return (await findAddresses(this.deps.db, userId)).map(toAddress);
  }

  /** One of the account's own addresses (checkout reads it in its transaction), or undefined. */
  async find(db: DbOrTx, userId: string, id: string): Promise<Address | undefined> {
    if (!isId(id)) return undefined;
    const row = await findAddress(db, userId, id);
    return row && toAddress(row);
  }

  /** Adds an address; the first one, or one marked default, becomes the default. 409 when the book is full. */
  async add(userId: string, input: AddressInput): Promise<Address[]> {
    await inTransaction(this.deps.db, async (tx) => {
      await lockOwner(tx, userId);
      const n = await countAddresses(tx, userId);
      if (n >= ADDRESS_LIMITS.perAccount) throw conflict(ADDRESS_MESSAGES.full);
      const isDefault = n === 0 || input.isDefault === true;
      if (isDefault) await clearDefault(tx, userId);
      await insertAddress(tx, { ...fields(input), userId, isDefault });
    });
    return this.list(userId);
  }

  /** Rewrites an address; `isDefault: true` makes it the default (false is ignored: some address is always it). */
  async update(userId: string, id: string, input: AddressInput): Promise<Address[]> {
    if (!isId(id)) throw notFound(ADDRESS_MESSAGES.notFound);
    await inTransaction(this.deps.db, async (tx) => {
      await lockOwner(tx, userId);
      if (!(await findAddress(tx, userId, id))) throw notFound(ADDRESS_MESSAGES.notFound);
      if (input.isDefault === true) await clearDefault(tx, userId);
      await updateAddress(tx, userId, id, {
        ...fields(input),
        ...(input.isDefault === true ? { isDefault: true } : {}),
      });
    });
    return this.list(userId);
  }

  async makeDefault(userId: string, id: string): Promise<Address[]> {
    if (!isId(id)) throw notFound(ADDRESS_MESSAGES.notFound);
    await inTransaction(this.deps.db, async (tx) => {
      await lockOwner(tx, userId);
      if (!(await findAddress(tx, userId, id))) throw notFound(ADDRESS_MESSAGES.notFound);
      await clearDefault(tx, userId);
      await updateAddress(tx, userId, id, { isDefault: true });
    });
    return this.list(userId);
  }

  /** Deletes an address; when it was the default, the oldest left becomes it. Orders keep their own copy. */
  async remove(userId: string, id: string): Promise<Address[]> {
    if (!isId(id)) throw notFound(ADDRESS_MESSAGES.notFound);
    await inTransaction(this.deps.db, async (tx) => {
      await lockOwner(tx, userId);
      const gone = await deleteAddress(tx, userId, id);
      if (!gone) throw notFound(ADDRESS_MESSAGES.notFound);
      if (gone.isDefault) await promoteOldest(tx, userId);
    });
    return this.list(userId);
  }
}

function fields(input: AddressInput) {
  return {
    name: input.name,
    phone: input.phone,
    line1: input.line1,
    line2: input.line2,
    landmark: input.landmark,
    city: input.city,
    stateCode: input.stateCode,
    pincode: input.pincode,
  };
}
