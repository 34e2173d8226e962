import { z } from 'zod';
import { NEWSLETTER_INVALID_EMAIL } from '../constants';
import { isoDate } from './common';
import { nameSchema } from './user';

// The contact form and the newsletter: what shoppers send, and what the admin reads back.

// ---- Contact messages --------------------------------------------------------------------------

/** The contact form's subjects, in the spec's order, with the labels the select shows. */
export const CONTACT_SUBJECTS = ['order', 'product', 'shipping', 'return', 'technical', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  order: 'Order inquiry',
  product: 'Product question',
  shipping: 'Shipping & delivery',
  return: 'Returns & refunds',
  technical: 'Technical support',
  other: 'Other',
};

export const CONTACT_LIMITS = { email: 254, orderNumber: 40, message: 2000 } as const;

// C0 and C1 control characters; a message keeps its line breaks and tabs (it is a 6-row text area).
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LAYOUT = /[^\P{Cc}\n\t]/u;

const contactEmail = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
  .pipe(z.email('Invalid email format'));
const subject = z.enum(CONTACT_SUBJECTS, { error: 'Please select a subject' });
const orderNumber = z
  .string()
  .trim()
  .max(CONTACT_LIMITS.orderNumber, `Order number must be at most ${CONTACT_LIMITS.orderNumber} characters`)
  .refine((v) => !CONTROL.test(v), 'Order number must not contain control characters')
  .transform((v) => v || undefined);
const message = z
  .string()
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, 'Message is required')
      .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`)
      .refine((v) => !CONTROL_BUT_LAYOUT.test(v), 'Message must not contain control characters'),
  );

/** The contact page's form: the browser and the server check it with this one schema. */
export const contactFormSchema = z
  .object({ name: nameSchema, email: contactEmail, subject, orderNumber: orderNumber.optional(), message })
  .strict();
export type ContactForm = z.input<typeof contactFormSchema>;

/**
 * POST /users/contactUs: the contact page's form, or the profile area's form, which sends only
 * `message`. A signed-in sender's name and email default to the account's; a guest must give both.
 */
export const contactMessageBodySchema = z
  .object({
    name: nameSchema.optional(),
    email: contactEmail.optional(),
    subject: subject.optional(),
    orderNumber: orderNumber.optional(),
    message,
  })
  .strict();
export type ContactMessageBody = z.input<typeof contactMessageBodySchema>;
export type ContactMessageInput = z.output<typeof contactMessageBodySchema>;

export const CONTACT_SENT = 'Message sent successfully!';
export const CONTACT_FAILED = 'Failed to send message. Please try again.';

export const contactMessageSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.enum(CONTACT_SUBJECTS).nullable(),
    orderNumber: z.string().nullable(),
    message: z.string(),
    /** The sender's account when they were signed in. */
    userId: z.string().nullable(),
    read: z.boolean(),
    readAt: isoDate.nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const CONTACT_FILTERS = ['all', 'unread', 'read'] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);

/** GET /admin/contact-messages: newest first, optionally only unread or only read ones. */
export const contactInboxQuerySchema = z
  .object({ status: z.enum(CONTACT_FILTERS).default('all'), page, limit })
  .strict();
export type ContactInboxQuery = z.input<typeof contactInboxQuerySchema>;
export type ContactInboxParams = z.output<typeof contactInboxQuerySchema>;

export const contactInboxReplySchema = z
  .object({
    messages: z.array(contactMessageSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    /** Unread messages in the whole inbox, whatever the filter. */
    unread: z.number().int(),
  })
  .meta({ id: 'ContactInbox' });
export type ContactInboxReply = z.infer<typeof contactInboxReplySchema>;

/** PUT /admin/contact-messages/{id}/read */
export const contactReadBodySchema = z.object({ read: z.boolean() }).strict();
export type ContactReadBody = z.infer<typeof contactReadBodySchema>;

// ---- Newsletter --------------------------------------------------------------------------------

/** POST /newsletter/subscribe */
export const newsletterSubscribeBodySchema = z
  .object({
    email: z
      .string(NEWSLETTER_INVALID_EMAIL)
      .trim()
      .max(CONTACT_LIMITS.email, NEWSLETTER_INVALID_EMAIL)
      .pipe(z.email(NEWSLETTER_INVALID_EMAIL)),
  })
  .strict();
export type NewsletterSubscribeBody = z.input<typeof newsletterSubscribeBodySchema>;

/** POST /newsletter/unsubscribe?token=…: the link of a newsletter mail (RFC 8058 one-click, or the page). */
export const newsletterUnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) }).strict();

export const newsletterSubscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  subscribedAt: isoDate,
  unsubscribedAt: isoDate.nullable(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

/** GET /admin/newsletter/subscribers: newest first. */
export const newsletterSubscribersQuerySchema = z.object({ page, limit }).strict();
export type NewsletterSubscribersQuery = z.input<typeof newsletterSubscribersQuerySchema>;
export type NewsletterSubscribersParams = z.output<typeof newsletterSubscribersQuerySchema>;
export const newsletterSubscribersReplySchema = z
  .object({
    subscribers: z.array(newsletterSubscriberSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    counts: z.object({ subscribed: z.number().int(), unsubscribed: z.number().int() }),
  })
  .meta({ id: 'NewsletterSubscribers' });
export type NewsletterSubscribersReply = z.infer<typeof newsletterSubscribersReplySchema>;
