import { badRequest } from '../../lib/errors';
import { signPayload, verifyPayload } from '../../lib/tokens';

const AUDIENCE = 'bazaar-identity-link';
/** Long enough to remember or reset a forgotten password and log in. */
const LINK_TICKET_TTL_SECONDS = 30 * 60;
export const LINK_TICKET_INVALID =
  'The Google sign-in to link has expired. Sign in with Google again, then log in with your password.';

export interface LinkTicket {
  issuer: string;
  subject: string;
  email: string;
}

/** A signed ticket naming the provider's account whose verified email has an account here. */
export function signLinkTicket(ticket: LinkTicket, secret: string): Promise<string> {
  return signPayload({ ...ticket }, AUDIENCE, LINK_TICKET_TTL_SECONDS, secret);
}

/** The ticket's content; a 400 when it is not one of ours or has expired. */
export async function readLinkTicket(raw: string, secret: string): Promise<LinkTicket> {
  const payload = await verifyPayload(raw, AUDIENCE, secret);
  const { issuer, subject, email } = payload ?? {};
  if (typeof issuer !== 'string' || typeof subject !== 'string' || typeof email !== 'string') {
    throw badRequest(LINK_TICKET_INVALID, { link: LINK_TICKET_INVALID });
  }
  return { issuer, subject, email };
}
