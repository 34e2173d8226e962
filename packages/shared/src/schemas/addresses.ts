import { z } from 'zod';
import { checkPincode } from '../india/pincode';
import { isStateCode, stateName } from '../india/states';
import { idSchema, isoDate, text } from './common';

// The shopper's address book: several delivery addresses, one the default, picked at checkout.

export const ADDRESS_LIMITS = {
  name: 100,
  phoneDigits: 10,
  line: 200,
  landmark: 200,
  city: 100,
  /** Addresses one account keeps: enough for home, work, family, and a bound on a table rows grow in. */
  perAccount: 20,
} as const;

export const ADDRESS_MESSAGES = {
  required: 'This field is required',
  phone: 'Enter a 10-digit mobile number',
  state: 'Choose the state or union territory from the list',
  full: `Your address book is full (${ADDRESS_LIMITS.perAccount} addresses). Delete one to add another.`,
  notFound: 'Address not found',
} as const;

const required = (max: number, label: string) =>
  text().trim().min(1, ADDRESS_MESSAGES.required).max(max, `${label} must be at most ${max} characters`);
const optional = (max: number, label: string) =>
  text()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/**
 * An address as the shopper writes it. The pincode is checked for its form and for lying in the chosen
 * state (India Post's ranges, packages/shared/india), with the message on the pincode field.
 */
export const addressBodySchema = z
  .object({
    name: required(ADDRESS_LIMITS.name, 'Name'),
    phone: z
      .string()
      .trim()
      .regex(/^\d{10}$/, ADDRESS_MESSAGES.phone),
    line1: required(ADDRESS_LIMITS.line, 'Address line 1'),
    line2: optional(ADDRESS_LIMITS.line, 'Address line 2'),
    landmark: optional(ADDRESS_LIMITS.landmark, 'Landmark'),
    city: required(ADDRESS_LIMITS.city, 'City'),
    stateCode: z.string().refine(isStateCode, ADDRESS_MESSAGES.state),
    pincode: z.string().trim(),
    isDefault: z.boolean().optional(),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (!isStateCode(a.stateCode)) return;
    const checked = checkPincode(a.pincode, a.stateCode);
    if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['pincode'], message: checked.message });
  });
export type AddressBody = z.input<typeof addressBodySchema>;
export type AddressInput = z.output<typeof addressBodySchema>;

export const addressSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    phone: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    landmark: z.string().nullable(),
    city: z.string(),
    stateCode: z.string(),
    /** The state's name, for display: "Karnataka". */
    state: z.string(),
    pincode: z.string(),
    isDefault: z.boolean(),
    updatedAt: isoDate,
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

export const addressListReplySchema = z.object({ addresses: z.array(addressSchema) });
export type AddressListReply = z.infer<typeof addressListReplySchema>;

export const addressParamsSchema = z.object({ id: z.string() });

/** The address line under a name: "14 Church Street, near the metro, Bengaluru 560001, Karnataka". */
export function addressText(
  a: Pick<Address, 'line1' | 'line2' | 'landmark' | 'city' | 'pincode' | 'stateCode'>,
) {
  return [a.line1, a.line2, a.landmark, `${a.city} ${a.pincode}`, stateName(a.stateCode)]
    .filter(Boolean)
    .join(', ');
}
