import { z } from 'zod';
import { ORDER_STATUSES } from './constants';

/**
 * An order status from a request (the admin's status change, filters). The
 * statuses themselves are ORDER_STATUSES in constants.ts; which moves between
 * them are allowed lives in the server's order lifecycle.
 */
export const orderStatusSchema = z.enum(ORDER_STATUSES);
