import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'bazaar';
const SESSION_AUDIENCE = 'bazaar-session';

export interface SessionClaims {
  userId: string;
  /** The server-side session row this token belongs to. */
  sessionId: string;
  tokenVersion: number;
}

export interface VerifiedSession extends SessionClaims {
  issuedAt: Date;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * A session JWT: HS256, `sub` = user id, `sid` = session row, `ver` = the user's token version,
 * issued at `now` and valid until `expiresAt` (the session's idle limit, renewed while in use).
 */
export async function signSessionToken(
  claims: SessionClaims,
  secret: string,
  times: { now: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt(seconds(times.now))
    .setExpirationTime(seconds(times.expiresAt))
    .sign(key(secret));
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export type TokenProblem = 'expired' | 'invalid';

/** Verifies a session JWT; the algorithm is pinned so `alg: none` or RS/HS confusion cannot pass. */
export async function verifySessionToken(
  token: string,
  secret: string,
  now: Date,
): Promise<{ ok: true; claims: VerifiedSession } | { ok: false; problem: TokenProblem }> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: SESSION_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'ver', 'sid'],
      currentDate: now,
    });
    const { sub, sid, ver, iat } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || !Number.isInteger(ver) || !iat) {
      return { ok: false, problem: 'invalid' };
    }
    return {
      ok: true,
      claims: { userId: sub, sessionId: sid, tokenVersion: ver as number, issuedAt: new Date(iat * 1000) },
    };
  } catch (error) {
    return { ok: false, problem: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** A short-lived signed value (the OIDC state cookie), never accepted as a session token. */
export async function signPayload(
  payload: Record<string, unknown>,
  audience: string,
  ttlSeconds: number,
  secret: string,
): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
}

export async function verifyPayload(
  token: string,
  audience: string,
  secret: string,
  now?: Date,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
      ...(now ? { currentDate: now } : {}),
    });
    return payload;
  } catch {
    return undefined;
  }
}

/** A random token for a link sent by mail, and the hash under which it is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
