import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'bazaar';
const SESSION_AUDIENCE = 'bazaar-session';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  tokenVersion: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A session JWT: HS256, 7 days, `sub` = user id, `ver` = the user's token version. */
export async function signSessionToken(claims: SessionClaims, secret: string): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(key(secret));
}

export type TokenProblem = 'expired' | 'invalid';

/** Verifies a session JWT; the algorithm is pinned so `alg: none` or RS/HS confusion cannot pass. */
export async function verifySessionToken(
  token: string,
  secret: string,
): Promise<{ ok: true; claims: SessionClaims } | { ok: false; problem: TokenProblem }> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: SESSION_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'ver'],
    });
    if (typeof payload.sub !== 'string' || !Number.isInteger(payload.ver)) {
      return { ok: false, problem: 'invalid' };
    }
    return { ok: true, claims: { userId: payload.sub, tokenVersion: payload.ver as number } };
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
): Promise<Record<string, unknown> | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
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
