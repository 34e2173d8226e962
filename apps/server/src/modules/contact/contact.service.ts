import {
  type ContactInboxParams,
  type ContactInboxReply,
  type ContactMessage,
  type ContactMessageInput,
  type ContactSubject,
  idSchema,
} from '@bazaar/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import type { RateLimitService, WindowLimit } from '../rate-limit/index';
import {
  type ContactRow,
  findContactMessage,
  findContactPage,
  insertContactMessage,
  setContactReadAt,
} from './contact.repo';

/**
 * Messages one address may send in 10 minutes (CONTACT_MESSAGES_PER_ADDRESS): enough for every shopper
 * behind a carrier's shared address, too few to flood the inbox.
 */
export const contactLimit = (config: Pick<Config, 'limits'>): WindowLimit => ({
  requests: config.limits.contactMessagesPerAddress,
  windowMs: 10 * 60_000,
});

export interface ContactServiceDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'limits'>;
  limits: RateLimitService;
}

/** The contact form's messages: stored for the admin inbox, read and unread. */
export class ContactService {
  constructor(private readonly deps: ContactServiceDeps) {}

  /**
   * Stores a message from the contact page or the profile area. A signed-in
   * sender who leaves out name or email is answered at their account's; a
   * guest must give both. Counted per IP across processes.
   */
  async send(input: ContactMessageInput, sender: AuthUser | null, ip: string): Promise<ContactMessage> {
    const name = input.name ?? sender?.name;
    const email = input.email ?? sender?.email;
    if (!name || !email) {
      const fields: Record<string, string> = {};
      if (!name) fields.name = 'Name is required';
      if (!email) fields.email = 'Email is required';
      throw badRequest('Please tell us your name and email so we can answer you.', fields);
    }
    await this.deps.limits.hit(
      `contact:ip:${ip}`,
      contactLimit(this.deps.config),
      'You have sent several messages in a short time. Please wait a few minutes before sending another.',
    );
    const row = await insertContactMessage(this.deps.db, {
      userId: sender?.id ?? null,
      name,
      email,
      subject: input.subject ?? null,
      orderNumber: input.orderNumber ?? null,
      message: input.message,
      createdAt: this.deps.clock.now(),
    });
    return toContactMessage(row);
  }

  async inbox(query: ContactInboxParams): Promise<ContactInboxReply> {
    const { status, page, limit } = query;
    const { rows, total, unread } = await findContactPage(this.deps.db, status, limit, (page - 1) * limit);
    return { messages: rows.map(toContactMessage), total, page, pages: Math.ceil(total / limit), unread };
  }

  async get(id: string): Promise<ContactMessage> {
    const row = idSchema.safeParse(id).success ? await findContactMessage(this.deps.db, id) : undefined;
    if (!row) throw notFound('Message not found');
    return toContactMessage(row);
  }

  /** Read state is the admins' own working mark, not a change to shop data: it is not audited. */
  async markRead(id: string, read: boolean): Promise<ContactMessage> {
    if (!idSchema.safeParse(id).success) throw notFound('Message not found');
    const row = await setContactReadAt(this.deps.db, id, read ? this.deps.clock.now() : null);
    if (!row) throw notFound('Message not found');
    return toContactMessage(row);
  }
}

function toContactMessage(row: ContactRow): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject as ContactSubject | null,
    orderNumber: row.orderNumber,
    message: row.message,
    userId: row.userId,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
