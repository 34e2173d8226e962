import type { AdminListParams, UserRole } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import type { Actor, AuditService } from '../audit/index';
import { isStoredKey } from './profile-image';
import {
  countUsersAndAdmins,
  deleteUserRow,
  findUserPage,
  lockAdminIds,
  setAdminFlag,
} from './user-admin.repo';
import { findUserById, type UserRow } from './users.repo';

export const LAST_ADMIN = 'The shop must keep at least one admin.';

export interface UserAdminServiceDeps {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  audit: AuditService;
}

export interface UserPage {
  users: UserRow[];
  total: number;
  counts: { totalUsers: number; totalAdmins: number; nonAdminUsers: number };
}

/**
 * Admins managing accounts: the list, roles and deletion. Refusals a signed-in
 * admin can cause are 409s, not 403s: the web client ends the session on a 403.
 */
export class UserAdminService {
  constructor(private readonly deps: UserAdminServiceDeps) {}

  async list(query: AdminListParams): Promise<UserPage> {
    const { db } = this.deps;
    const offset = (query.page - 1) * query.limit;
    const [{ rows, total }, counts] = await Promise.all([
      findUserPage(db, query.search?.toLowerCase(), query.limit, offset),
      countUsersAndAdmins(db),
    ]);
    return {
      users: rows,
      total,
      counts: {
        totalUsers: counts.users,
        totalAdmins: counts.admins,
        nonAdminUsers: counts.users - counts.admins,
      },
    };
  }

  /** How many accounts there are, and how many of them are admins (the dashboard's figures). */
  counts(): Promise<{ users: number; admins: number }> {
    return countUsersAndAdmins(this.deps.db);
  }

  /**
   * Makes the user an admin or an ordinary user. Sessions are checked against
   * the user row on every request, so a demoted admin loses admin rights at
   * once, whatever token they hold.
   */
  async setRole(actor: Actor, userId: string, role: UserRole): Promise<UserRow> {
    if (actor.id === userId) throw conflict('You cannot change your own role. Ask another admin to do it.');
    return inTransaction(this.deps.db, async (tx) => {
      const target = await findUserById(tx, userId);
      if (!target) throw notFound('User not found');
      const isAdmin = role === 'admin';
      if (target.isAdmin === isAdmin) return target;
      if (!isAdmin) await this.assertAnotherAdminStays(tx, actor, userId);
      const updated = (await setAdminFlag(tx, userId, isAdmin))!;
      await this.deps.audit.record(tx, actor, {
        action: 'user.role',
        entityId: userId,
        summary: `${target.email}: ${isAdmin ? 'user → admin' : 'admin → user'}`,
        before: { email: target.email, isAdmin: target.isAdmin },
        after: { email: target.email, isAdmin },
      });
      return updated;
    });
  }

  /** Deletes an account; its orders stay for the shop's records, with their own name and email. */
  async remove(actor: Actor, userId: string): Promise<UserRow> {
    if (actor.id === userId) throw conflict('You cannot delete your own account here.');
    const { db, storage, log } = this.deps;
    return inTransaction(db, async (tx, unit) => {
      const target = await findUserById(tx, userId);
      if (!target) throw notFound('User not found');
      if (target.isAdmin) await this.assertAnotherAdminStays(tx, actor, userId);
      const deleted = (await deleteUserRow(tx, userId))!;
      await this.deps.audit.record(tx, actor, {
        action: 'user.delete',
        entityId: userId,
        summary: `${target.email} deleted`,
        before: { name: target.name, email: target.email, isAdmin: target.isAdmin },
      });
      const picture = target.profileImage;
      if (isStoredKey(picture)) {
        unit.afterCommit(() =>
          storage
            .remove(picture)
            .catch((err) => log.warn({ err, key: picture }, 'profile image not removed')),
        );
      }
      return deleted;
    });
  }

  /**
   * Refuses to take away the last admin. The admin rows stay locked until the
   * change commits, so two admins demoting each other at once cannot both
   * succeed: the second sees the first's change and is refused.
   */
  private async assertAnotherAdminStays(tx: DbOrTx, actor: Actor, userId: string): Promise<void> {
    const admins = await lockAdminIds(tx);
    if (admins.filter((id) => id !== userId).length === 0) throw conflict(LAST_ADMIN);
    // Demoted by someone else while this request was on its way.
    if (!admins.includes(actor.id)) throw forbidden('Only shop administrators can do this.');
  }
}
