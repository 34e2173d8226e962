import type { ErrorCode } from '@bazaar/shared';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/**
 * The one error type services throw. Its message is written for the person
 * reading it and is sent as is for every 4xx kind.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** HTTP headers the reply must carry (Retry-After on a 429); set by the one error handler. */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }

  get statusCode(): number {
    return STATUS[this.code];
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

export function codeOfStatus(status: number): ErrorCode {
  const hit = (Object.entries(STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (hit) return hit[0];
  return status >= 500 ? 'INTERNAL' : 'VALIDATION';
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, fields);
export const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** 429 that tells the client when to try again (the Retry-After header, in whole seconds). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('TOO_MANY_REQUESTS', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** Seconds a client is told to wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** 503: the shop cannot do this just now (its database is away); the client may try again. */
/** A write that lost to others' several times over (deadlocks, serialization failures): try again at once. */
export const serviceBusy = () =>
  new AppError('UNAVAILABLE', 'The shop is busy right now. Please try again.', undefined, {
    'retry-after': '1',
  });

export const serviceUnavailable = () =>
  new AppError(
    'UNAVAILABLE',
    'The shop is briefly unavailable. Please try again in a few seconds.',
    undefined,
    { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) },
  );
