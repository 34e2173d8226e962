import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error reply of the API has this shape; `fields` names what failed validation. */
export const errorReplySchema = z
  .object({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ErrorReply' });
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** Ids are UUIDs; the replies keep the spec's `_id` name. */
export const idSchema = z.uuid();

export const idParamsSchema = z.object({ id: z.string() });

export const isoDate = z.string().meta({ format: 'date-time' });

// C0 and C1 control characters (NUL, escape, DEL, ...). PostgreSQL refuses NUL in text (a 500 where a 400
// belongs), and the others break e-mails, logs and page layout. Format characters such as the zero-width
// joiner are not control characters: Indic scripts need them.
const CONTROL_CHARACTER = /\p{Cc}/u;
// The same, but a multi-line text (a message, a description) keeps its tabs and line breaks.
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/** True when the text holds a control character (a multi-line text may hold tabs and line breaks). */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARACTER_BUT_LINE_BREAKS : CONTROL_CHARACTER).test(value);
}

/**
 * The base of every text field of a request: a string without control characters (a 400 naming the
 * field, never a 500 from the database). Chain the field's own rules after it: `text().trim().max(100)`.
 */
export function text(options: { multiline?: boolean; message?: string } = {}) {
  return z
    .string()
    .refine((value) => !hasControlCharacters(value, options), options.message ?? CONTROL_CHARACTERS_MESSAGE);
}
