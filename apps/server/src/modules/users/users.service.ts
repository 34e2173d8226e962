import type { profileUpdateFieldsSchema } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import type { FileStorage } from '../../lib/storage';
import { signSessionToken } from '../../lib/tokens';
import { type AttemptRule, type AttemptStore, countAttempt } from './attempt-limiter';
import { type AuthLimits, rule } from './auth-limits';
import { avatarKey, isStoredKey, toAvatarWebp } from './profile-image';
import {
  emailTakenByOther,
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  type UserRow,
  updateUser,
} from './users.repo';

export interface UsersDeps {
  db: Db;
  jwtSecret: string;
  storage: FileStorage;
  attempts: AttemptStore;
  limits: AuthLimits;
  log: FastifyBaseLogger;
}

export const EMAIL_TAKEN = 'An account with this email already exists';
export const BAD_CREDENTIALS = 'Invalid email or password';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** 429 with how long to wait; the routes copy `retryAfterSeconds` into a Retry-After header. */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'TOO_MANY_REQUESTS',
      `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }
}

export async function limitAttempts(
  attempts: AttemptStore,
  checks: { key: string; rule: AttemptRule }[],
): Promise<void> {
  const blocked = await countAttempt(attempts, checks);
  if (blocked) throw new TooManyAttemptsError(Math.ceil(blocked.retryAfterMs / 1000));
}

export async function sessionFor(deps: UsersDeps, user: UserRow): Promise<string> {
  return signSessionToken({ userId: user.id, tokenVersion: user.tokenVersion }, deps.jwtSecret);
}

export async function register(
  deps: UsersDeps,
  body: { name: string; email: string; password: string; phoneNumber: string },
): Promise<{ user: UserRow; token: string }> {
  if (await findUserByEmail(deps.db, body.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const passwordHash = await hashPassword(body.password);
  let user: UserRow;
  try {
    // Listed field by field: nothing else from the body (isAdmin, say) can reach the row.
    user = await insertUser(deps.db, {
      name: body.name,
      email: body.email,
      phoneNumber: body.phoneNumber,
      passwordHash,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
  return { user, token: await sessionFor(deps, user) };
}

export async function login(
  deps: UsersDeps,
  body: { email: string; password: string },
  ip: string,
): Promise<{ user: UserRow; token: string }> {
  const { attempts, limits } = deps;
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:email:${body.email}`;
  await limitAttempts(attempts, [
    { key: ipKey, rule: rule(limits, limits.loginFailuresPerIp) },
    { key: accountKey, rule: rule(limits, limits.loginFailuresPerAccount) },
  ]);
  const user = await findUserByEmail(deps.db, body.email);
  // Unknown emails and accounts without a password cost the same hash, so timing tells nothing.
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!ok || !user?.passwordHash) throw unauthorized(BAD_CREDENTIALS);
  await attempts.undo(ipKey);
  await attempts.clear(accountKey);
  return { user, token: await sessionFor(deps, user) };
}

export async function getUser(deps: UsersDeps, id: string): Promise<UserRow> {
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound('This account no longer exists');
  return user;
}

async function checkCurrentPassword(
  deps: UsersDeps,
  user: UserRow,
  current: string | undefined,
  missingMessage = 'Enter your current password to set a new one',
) {
  // An account made through the identity provider has no password yet and may set one.
  if (!user.passwordHash) return;
  if (!current) {
    throw badRequest(missingMessage, {
      currentPassword: 'Current password is required',
    });
  }
  const key = `password-change:user:${user.id}`;
  await limitAttempts(deps.attempts, [
    { key, rule: rule(deps.limits, deps.limits.passwordChangeFailuresPerUser) },
  ]);
  // 400, not 401: the web client treats every 401 as an expired session and signs out.
  if (!(await verifyPassword(current, user.passwordHash))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  await deps.attempts.clear(key);
}

/** A user edits only their own account here; admins act through the admin API. */
export function assertCanEdit(actorId: string, userId: string): void {
  if (actorId !== userId) throw forbidden('You can only update your own profile');
}

export async function updateProfile(
  deps: UsersDeps,
  actorId: string,
  userId: string,
  fields: z.output<typeof profileUpdateFieldsSchema>,
  image: Buffer | undefined,
): Promise<{ user: UserRow; token?: string }> {
  assertCanEdit(actorId, userId);
  const current = await getUser(deps, userId);
  const changes: Parameters<typeof updateUser>[2] = {};
  if (fields.name !== undefined) changes.name = fields.name;
  if (fields.phoneNumber !== undefined) changes.phoneNumber = fields.phoneNumber || null;
  if (fields.email !== undefined && fields.email !== current.email) {
    if (await emailTakenByOther(deps.db, fields.email, userId)) {
      throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    }
    // The email is where reset links go: whoever holds only a stolen token must not be able to move it.
    await checkCurrentPassword(
      deps,
      current,
      fields.currentPassword,
      'Enter your current password to change your email',
    );
    changes.email = fields.email;
  }
  const passwordChanged = fields.password !== undefined;
  if (fields.password !== undefined) {
    await checkCurrentPassword(deps, current, fields.currentPassword);
    changes.passwordHash = await hashPassword(fields.password);
  }
  let newKey: string | undefined;
  if (image) {
    const webp = await toAvatarWebp(image);
    newKey = avatarKey(userId);
    await deps.storage.put(newKey, webp);
    changes.profileImage = newKey;
  }

  let updated: UserRow | undefined;
  try {
    updated = await updateUser(deps.db, userId, changes, { bumpTokenVersion: passwordChanged });
  } catch (error) {
    if (newKey) await deps.storage.remove(newKey);
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
  if (!updated) throw notFound('This account no longer exists');
  if (newKey && isStoredKey(current.profileImage) && current.profileImage !== newKey) {
    await deps.storage.remove(current.profileImage).catch((err) => {
      deps.log.warn({ err, key: current.profileImage }, 'old profile image not removed');
    });
  }
  return passwordChanged ? { user: updated, token: await sessionFor(deps, updated) } : { user: updated };
}

export async function changePassword(
  deps: UsersDeps,
  userId: string,
  body: { currentPassword: string; newPassword: string },
): Promise<{ token: string }> {
  const user = await getUser(deps, userId);
  if (!user.passwordHash) {
    throw badRequest('This account signs in with Google and has no password yet; set one in your profile', {
      currentPassword: 'This account has no password yet',
    });
  }
  await checkCurrentPassword(deps, user, body.currentPassword);
  const updated = await updateUser(
    deps.db,
    userId,
    { passwordHash: await hashPassword(body.newPassword) },
    { bumpTokenVersion: true },
  );
  if (!updated) throw notFound('This account no longer exists');
  return { token: await sessionFor(deps, updated) };
}
