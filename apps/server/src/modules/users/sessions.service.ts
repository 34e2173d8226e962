import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { unauthorized } from '../../lib/errors';
import { signSessionToken, verifySessionToken } from '../../lib/tokens';
import { SESSION_POLICY } from './session-policy';
import {
  deleteExpiredSessionsOfUser,
  deleteSession,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  type SessionRow,
} from './sessions.repo';
import type { UserRow } from './users.repo';

export const SESSION_MESSAGES = {
  missing: 'Please log in to continue.',
  invalid: 'Your session is not valid. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
} as const;

/** The signed-in user as the database says now, not as the token claimed when issued. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /** The session this request belongs to (what logging out ends). */
  sessionId: string;
  /** When the person last proved who they are in this session; null when the provider did not say. */
  authenticatedAt: Date | null;
}

export interface SessionsServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'jwtSecret'>;
}

/**
 * Server-side sessions: a row per signed-in browser, named by its token. The token expires after
 * the idle time and is renewed while in use; the row ends the session on logout and bounds its life.
 */
export class SessionsService {
  constructor(private readonly deps: SessionsServiceDeps) {}

  /** Starts a session for the user and returns its token. */
  async start(user: UserRow, authenticatedAt: Date | null, db: DbOrTx = this.deps.db): Promise<string> {
    const now = this.deps.clock.now();
    await deleteExpiredSessionsOfUser(db, user.id, now);
    const session = await insertSession(db, {
      userId: user.id,
      authenticatedAt,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_POLICY.lifetimeMs),
    });
    return this.tokenFor(user, session, now);
  }

  /**
   * The user and session a token belongs to, checked against the database in one query (a logged
   * out session is refused by every process at once), and a renewed token when this one is due.
   */
  async authenticate(token: string | undefined): Promise<{ user: AuthUser; renewedToken?: string }> {
    if (!token) throw unauthorized(SESSION_MESSAGES.missing);
    const now = this.deps.clock.now();
    const verified = await verifySessionToken(token, this.deps.config.jwtSecret, now);
    if (!verified.ok) throw unauthorized(SESSION_MESSAGES[verified.problem]);
    const { claims } = verified;
    const found = await findSessionWithUser(this.deps.db, claims.sessionId, claims.userId);
    // Logged out, signed out everywhere, a deleted account, or every session ended at once.
    if (!found || found.user.tokenVersion !== claims.tokenVersion) {
      throw unauthorized(SESSION_MESSAGES.invalid);
    }
    const { session, user } = found;
    if (session.expiresAt <= now) throw unauthorized(SESSION_MESSAGES.expired);
    const authUser: AuthUser = {
      id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: user.isAdmin,
      sessionId: session.id,
      authenticatedAt: session.authenticatedAt,
    };
    const due = now.getTime() - claims.issuedAt.getTime() >= SESSION_POLICY.renewAfterMs;
    return due
      ? { user: authUser, renewedToken: await this.tokenFor(user, session, now) }
      : { user: authUser };
  }

  /** Logs one session out. */
  end(sessionId: string, db: DbOrTx = this.deps.db): Promise<void> {
    return deleteSession(db, sessionId);
  }

  /** Ends every session of the user ("sign out everywhere", a new password). */
  endAll(userId: string, db: DbOrTx = this.deps.db): Promise<void> {
    return deleteSessionsOfUser(db, userId);
  }

  private tokenFor(user: UserRow, session: SessionRow, now: Date): Promise<string> {
    const idleEnd = now.getTime() + SESSION_POLICY.idleMs;
    return signSessionToken(
      { userId: user.id, sessionId: session.id, tokenVersion: user.tokenVersion },
      this.deps.config.jwtSecret,
      { now, expiresAt: new Date(Math.min(idleEnd, session.expiresAt.getTime())) },
    );
  }
}
