import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

/** What one form may carry; the app-wide multipart plugin accepts no file unless a route says so. */
export interface FormLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
}

export interface MultipartForm {
  /** Text fields by name (`tags[]` arrives as `tags`), every value of a repeated field in order. */
  fields: Map<string, string[]>;
  /** Non-empty uploaded files, in the order sent. */
  files: Buffer[];
}

export interface ReadFormOptions {
  limits: FormLimits;
  /** The one field name files may use; a file under any other name is refused. */
  fileField: string;
  /** The error for a file over `limits.fileSize`, worded for this form. */
  fileTooLarge: () => AppError;
}

/**
 * Reads a multipart form into memory within its limits. Files are buffered (a
 * few megabytes each at most) because they are checked and converted whole.
 */
export async function readMultipartForm(
  app: FastifyInstance,
  request: FastifyRequest,
  options: ReadFormOptions,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.');
  }
  const { limits } = options;
  const fields = new Map<string, string[]>();
  const files: Buffer[] = [];
  const { RequestFileTooLargeError, PartsLimitError, FilesLimitError, FieldsLimitError } =
    app.multipartErrors;
  try {
    for await (const part of request.parts({ limits: { ...limits, parts: limits.fields + limits.files } })) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          part.file.resume();
          throw badRequest(`Invalid ${part.fieldname}: files go in ${options.fileField}`, {
            [part.fieldname]: 'Unknown file field',
          });
        }
        const data = await part.toBuffer();
        // A browser sends an empty file part for a file input left empty.
        if (data.length > 0) files.push(data);
        continue;
      }
      const name = part.fieldname.replace(/\[\]$/, '');
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      fields.set(name, [...(fields.get(name) ?? []), value]);
    }
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) throw options.fileTooLarge();
    if (error instanceof FilesLimitError) {
      throw new AppError('PAYLOAD_TOO_LARGE', `Send at most ${limits.files} files at once.`);
    }
    if (error instanceof PartsLimitError || error instanceof FieldsLimitError) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The form has too many fields.');
    }
    throw error;
  }
  return { fields, files };
}

/**
 * The text fields as one value each; a field sent twice is refused unless it
 * is a list. List fields accept repeated entries and comma-separated strings
 * alike (the spec's create form repeats `tags[]`, its edit form sends "a,b").
 */
export function formFields(form: MultipartForm, listFields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, values] of form.fields) {
    if (listFields.includes(name)) {
      out[name] = values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
    } else if (values.length > 1) {
      throw badRequest(`Invalid ${name}: sent more than once`, { [name]: 'Sent more than once' });
    } else {
      out[name] = values[0];
    }
  }
  return out;
}
