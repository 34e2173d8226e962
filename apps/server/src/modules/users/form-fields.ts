import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';
import { PROFILE_IMAGE_MAX_BYTES, tooLarge } from './profile-image';

/** The profile form's share of the app-wide multipart parser: one picture and a few text fields. */
const PROFILE_FORM_LIMITS = {
  fileSize: PROFILE_IMAGE_MAX_BYTES,
  files: 1,
  fields: 10,
  parts: 12,
  fieldSize: 4096,
};

/**
 * Reads the profile form: multipart (text fields and an optional `profileImage`
 * file) or, when no picture is sent, a JSON object with the same fields.
 */
export async function readProfileForm(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; image: Buffer | undefined }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw badRequest('The profile form must be multipart/form-data or a JSON object');
    }
    return { fields: { ...(body as Record<string, unknown> | undefined) }, image: undefined };
  }
  const fields: Record<string, unknown> = {};
  let image: Buffer | undefined;
  const { RequestFileTooLargeError, PartsLimitError, FilesLimitError, FieldsLimitError } =
    app.multipartErrors;
  try {
    for await (const part of request.parts({ limits: PROFILE_FORM_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname === 'profileImage') {
          const data = await part.toBuffer();
          // A browser sends an empty file part when no picture was chosen.
          image = data.length > 0 ? data : undefined;
        } else {
          part.file.resume();
          fields[part.fieldname] = '(file)';
        }
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) throw tooLarge();
    if (
      error instanceof PartsLimitError ||
      error instanceof FilesLimitError ||
      error instanceof FieldsLimitError
    ) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The profile form has too many fields or files.');
    }
    throw error;
  }
  return { fields, image };
}

/**
 * Fields the profile form may carry without meaning a change: the current
 * picture echoed back as text, and empty password inputs.
 */
export function dropNoChangeFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out = { ...fields };
  if (typeof out.profileImage === 'string') delete out.profileImage;
  for (const key of ['password', 'currentPassword']) if (out[key] === '') delete out[key];
  return out;
}
