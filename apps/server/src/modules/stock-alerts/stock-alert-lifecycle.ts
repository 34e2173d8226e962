import type { DbOrTx } from '../../db/client';
import type { StockAlertStatus } from '../../db/schema/stock-alerts';
import { conflict } from '../../lib/errors';
import { type StockAlertRow, updateAlertStatus } from './stock-alerts.repo';

export interface StockAlertTransition {
  from: StockAlertStatus;
  to: StockAlertStatus;
  means: string;
  /** Who makes the move: the person the alert mails (by account or signed link), or the shop's job. */
  by: 'subscriber' | 'shop';
}

/**
 * Every move a back-in-stock alert may make. The database holds the same pairs
 * (`stock_alert_status_transitions`, 0035) and its trigger refuses any other; a test compares them.
 * The mail of `active → sent` is queued in the same transaction as the move.
 */
export const STOCK_ALERT_TRANSITIONS: readonly StockAlertTransition[] = [
  {
    from: 'pending',
    to: 'active',
    means: 'the guest followed the signed link in the mail',
    by: 'subscriber',
  },
  { from: 'pending', to: 'unsubscribed', means: 'cancelled before it was confirmed', by: 'subscriber' },
  { from: 'active', to: 'sent', means: 'the variant is in stock again: its one mail queued', by: 'shop' },
  { from: 'active', to: 'unsubscribed', means: 'cancelled by the one-click link', by: 'subscriber' },
  {
    from: 'sent',
    to: 'unsubscribed',
    means: 'the link of the sent mail followed: recorded',
    by: 'subscriber',
  },
];

const NAMES: Record<StockAlertStatus, string> = {
  pending: 'waiting for confirmation',
  active: 'active',
  sent: 'sent',
  unsubscribed: 'cancelled',
};

/** Whether the table has the move. */
export function canMoveAlert(from: StockAlertStatus, to: StockAlertStatus): boolean {
  return STOCK_ALERT_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

/**
 * Moves an alert to `to`: 409 when the table has no such move; the status changes only if nobody
 * changed it meanwhile (the conditional update), so two processes never both make the same move.
 */
export async function moveAlert(
  tx: DbOrTx,
  alert: StockAlertRow,
  to: StockAlertStatus,
  at: Date,
): Promise<StockAlertRow | undefined> {
  if (!canMoveAlert(alert.status, to)) {
    throw conflict(`This alert is ${NAMES[alert.status]} and cannot become ${NAMES[to]}.`);
  }
  return updateAlertStatus(tx, alert.id, alert.status, to, at);
}
