import { ApiError } from './api-client';

/** The server's message when it sent one, else the spec's fallback for this action. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'INTERNAL' && error.message) return error.message;
  return fallback;
}

/** Server-side field errors (`fields` of a 400 or 409 reply), if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
