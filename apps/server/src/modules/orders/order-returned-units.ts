import type { DbOrTx } from '../../db/client';
import { type Actor, moveOrder } from './order-lifecycle';
import { type OrderRow, sumLineUnits } from './orders.repo';

/**
 * Where a return's received goods take their order (decision 221): a Delivered order some of whose units
 * are back is Partly returned, and Returned once none is kept; a partly returned one stays so until its
 * last unit is back (no move in between: the return's own history records each receipt). A Completed
 * order is left as it is: the shop closed it, its returns' refunds still go out. Call it after the
 * lines' returned units were counted, in the same transaction; the lifecycle's guards check it again.
 */
export async function followReturnedUnits(
  tx: DbOrTx,
  order: OrderRow,
  actor: Actor,
  at: Date,
): Promise<OrderRow> {
  if (order.status !== 'Delivered' && order.status !== 'Partly returned') return order;
  const units = await sumLineUnits(tx, order.id);
  if (units.returned === 0) return order;
  const kept = units.bought - units.cancelled - units.returned;
  const to = kept === 0 ? 'Returned' : 'Partly returned';
  if (to === order.status) return order;
  const note =
    kept === 0
      ? 'every item returned'
      : `${units.returned} of ${units.bought - units.cancelled} items returned`;
  return moveOrder(tx, order, to, actor, { at, note });
}
