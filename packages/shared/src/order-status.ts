import { z } from 'zod';
import { ORDER_STATUSES } from './constants';

/**
 * An order status from a request (the admin's status change, filters). The
 * statuses themselves are ORDER_STATUSES in constants.ts; which moves between
 * them are allowed lives in the server's order lifecycle.
 */
export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** What an order shows when some, not all, of its delivered units came back (decision 201). */
export const PARTLY_RETURNED = 'Partly returned';
/** An order's status as pages show it: its lifecycle status, or "Partly returned" derived from its lines. */
export const displayStatusSchema = z.enum([...ORDER_STATUSES, PARTLY_RETURNED]);
export type DisplayStatus = z.infer<typeof displayStatusSchema>;

/**
 * "Partly returned" is derived, never stored: a Delivered (or Completed) order some of whose units
 * came back and were received, while others are kept. Every unit back is the lifecycle's Returned.
 */
export function displayStatus(
  status: (typeof ORDER_STATUSES)[number],
  units: { bought: number; cancelled: number; returned: number },
): DisplayStatus {
  const kept = units.bought - units.cancelled - units.returned;
  return (status === 'Delivered' || status === 'Completed') && units.returned > 0 && kept > 0
    ? PARTLY_RETURNED
    : status;
}
