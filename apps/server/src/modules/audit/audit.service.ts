import type { AuditEntry, AuditLogParams, AuditLogReply } from '@bazaar/shared';
import type { Db, DbOrTx } from '../../db/client';
import { findAuditPage, insertAuditEntry } from './audit.repo';

/** Who did it: the signed-in admin. */
export interface Actor {
  id: string;
  email: string;
}

export type AuditEntity =
  | 'user'
  | 'product'
  | 'settings'
  | 'newsletter'
  | 'order'
  | 'coupon'
  | 'message'
  | 'delivery';

/** A change worth recording; `before`/`after` hold only the fields that changed. */
export interface AuditChange {
  action: `${AuditEntity}.${string}`;
  entityId: string | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditServiceDeps {
  db: Db;
}

/** The record of admin writes. `record` runs inside the writer's transaction, so entry and change commit together. */
export class AuditService {
  constructor(private readonly deps: AuditServiceDeps) {}

  async record(tx: DbOrTx, actor: Actor, change: AuditChange): Promise<void> {
    await insertAuditEntry(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: change.action,
      entity: change.action.split('.')[0]!,
      entityId: change.entityId,
      summary: change.summary,
      before: change.before ?? null,
      after: change.after ?? null,
    });
  }

  async list(query: AuditLogParams): Promise<AuditLogReply> {
    const { page, limit } = query;
    const { rows, total } = await findAuditPage(this.deps.db, query.entity, limit, (page - 1) * limit);
    const entries: AuditEntry[] = rows.map((row) => ({
      _id: row.id,
      actor: { _id: row.actorId, email: row.actorEmail },
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      summary: row.summary,
      before: (row.before as Record<string, unknown> | null) ?? null,
      after: (row.after as Record<string, unknown> | null) ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
    return { entries, total, page, pages: Math.ceil(total / limit) };
  }
}

/**
 * The fields whose values differ between two views of a record, as
 * before/after halves; undefined when nothing changed.
 */
export function diff<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } | undefined {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : undefined;
}
