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
