import { type ErrorCode, errorReplySchema } from '@bazaar/shared/schemas/common';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';

/**
 * The API as the components under test reach it: their real `fetch` to /api/…, intercepted at the
 * network level by MSW. Each test says what the shop answers with `api.use(...)`; a request no handler
 * answers fails the test (dom-setup.ts), so no call goes unnoticed.
 */
export const api = setupServer();

/** Every request the app sent during the current test, in order (reset before each test). */
export const sent: Request[] = [];
api.events.on('request:start', ({ request }) => {
  // A clone: the handler reads the body of the original.
  sent.push(request.clone());
});

/** The requests sent to `method path` (path without the query), in order. */
export function requestsTo(method: string, path: string): Request[] {
  return sent.filter((r) => r.method === method && new URL(r.url).pathname === path);
}

/** A reply the shop could send: the data is parsed by the reply's schema from packages/shared first. */
export function reply<S extends z.ZodType>(schema: S, data: z.input<S>, init?: { status?: number }) {
  return HttpResponse.json(schema.parse(data) as never, init);
}

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

/** An error reply in the API's one shape (`{ message, code, fields? }`), with the status its code maps to. */
export function refuse(code: ErrorCode, message: string, fields?: Record<string, string>) {
  return HttpResponse.json(errorReplySchema.parse({ message, code, ...(fields ? { fields } : {}) }), {
    status: STATUS[code],
  });
}

/**
 * The 400 the server sends for a body that fails its schema: each field's first problem under
 * `fields`, unknown fields named (the server's lib/validation.ts does the same).
 */
export function invalid(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[path ? `${path}.${key}` : key] = 'Unknown field';
      continue;
    }
    fields[path || 'request'] ??= issue.message;
  }
  const names = Object.keys(fields);
  const message =
    names.length === 1
      ? `Invalid ${names[0]}: ${fields[names[0]!]}`
      : `Invalid request: check ${names.join(', ')}`;
  return refuse('VALIDATION', message, fields);
}

/**
 * A multipart body's text fields as the server's form reader hands them to the schema (its
 * lib/multipart-form.ts): `name[]` read as `name`, the `lists` as arrays of comma-separated or
 * repeated entries, other fields as their one string; the files apart.
 */
export async function readForm(
  request: Request,
  lists: readonly string[] = [],
): Promise<{ fields: Record<string, unknown>; files: File[] }> {
  const raw = await request.clone().text();
  const form = await request.formData();
  const files = [...form.values()].filter((value): value is File => typeof value !== 'string');
  const values = new Map<string, string[]>();
  for (const [key, value] of textParts(raw, request.headers.get('content-type') ?? '')) {
    const name = key.replace(/\[\]$/, '');
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const fields: Record<string, unknown> = {};
  for (const [name, entries] of values) {
    fields[name] = lists.includes(name)
      ? entries
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean)
      : entries[0];
  }
  return { fields, files };
}

/**
 * The text parts of a multipart body, empty ones included: happy-dom's `formData()` drops a field
 * whose value is empty, and an emptied field is exactly what a form's validation must see.
 */
function textParts(body: string, contentType: string): [string, string][] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return [];
  const parts: [string, string][] = [];
  for (const part of body.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (/filename=/i.test(head)) continue;
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined) parts.push([name, part.slice(split + 4).replace(/\r\n$/, '')]);
  }
  return parts;
}

/** The Bearer token a request carried, or null. */
export const tokenOf = (request: Request) =>
  request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
