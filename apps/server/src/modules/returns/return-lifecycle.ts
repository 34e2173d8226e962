import type { DbOrTx } from '../../db/client';
import type { ReturnStatus } from '../../db/schema/returns';
import { conflict, forbidden } from '../../lib/errors';
import type { OrderActor } from '../orders/index';
import { insertReturnHistory, type ReturnRequestRow, updateReturnStatus } from './returns.repo';

export type ReturnActor = OrderActor;

export interface ReturnTransition {
  from: ReturnStatus;
  to: ReturnStatus;
  means: string;
  by: readonly ReturnActor['kind'][];
}

/**
 * Every move a return request may make (its effects — stock back, the refund — are the service's,
 * in the same transaction, after the move succeeds). The database holds the same pairs
 * (`return_status_transitions`, 0030) and its trigger refuses any other; a test compares them.
 */
export const RETURN_TRANSITIONS: readonly ReturnTransition[] = [
  { from: 'requested', to: 'approved', means: 'the shop accepts the goods back', by: ['admin'] },
  { from: 'requested', to: 'rejected', means: 'the shop refuses the return, saying why', by: ['admin'] },
  { from: 'approved', to: 'received', means: 'the goods reached the shop: stock back', by: ['admin'] },
  { from: 'received', to: 'refunded', means: 'the lines’ share of the payment went back', by: ['admin'] },
];

const NAMES: Record<ReturnStatus, string> = {
  requested: 'requested',
  approved: 'approved',
  rejected: 'rejected',
  received: 'received',
  refunded: 'refunded',
};

/** Why a move that is not in the table is refused, naming the possible ones. */
export function returnRefusal(from: ReturnStatus, to: ReturnStatus): string {
  if (from === to) return `This return is already ${NAMES[from]}.`;
  const next = RETURN_TRANSITIONS.filter((t) => t.from === from).map((t) => NAMES[t.to]);
  if (next.length === 0) return `This return is ${NAMES[from]}, which is final.`;
  return `A return that is ${NAMES[from]} can only become ${next.join(' or ')}, not ${NAMES[to]}.`;
}

/**
 * Moves a return request (locked by the caller) to `to`: 409 when the table has no such move, 403
 * for the wrong actor; the status changes only if nobody changed it meanwhile, and a history row
 * records who, when and why.
 */
export async function moveReturn(
  tx: DbOrTx,
  request: ReturnRequestRow,
  to: ReturnStatus,
  actor: ReturnActor,
  options: {
    at: Date;
    note?: string | null;
    facts?: { adminNote?: string | null; refundPaise?: number; refundId?: string | null };
  },
): Promise<ReturnRequestRow> {
  const transition = RETURN_TRANSITIONS.find((t) => t.from === request.status && t.to === to);
  if (!transition) throw conflict(returnRefusal(request.status, to));
  if (!transition.by.includes(actor.kind)) throw forbidden('Only a shop administrator can do that.');
  const moved = await updateReturnStatus(tx, request.id, request.status, to, options.at, options.facts ?? {});
  if (!moved) throw conflict('This return was changed meanwhile. Reload it and try again.');
  await insertReturnHistory(tx, {
    returnRequestId: request.id,
    fromStatus: request.status,
    toStatus: to,
    actor: actor.kind,
    changedBy: actor.kind === 'system' ? null : actor.userId,
    note: options.note ?? null,
    createdAt: options.at,
  });
  return moved;
}
