// Constants and types only: the app-level bundle stays free of zod.
import { MESSAGES, SESSION_TOKEN_HEADER } from '@bazaar/shared/constants';
import type { ErrorReply } from '@bazaar/shared/schemas/common';
import type { z } from 'zod';
import { notify } from './notify';
import { markSessionEnded, useSession } from './session-store';

/** An error reply of the API, carrying its status, code and named fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorReply['code'] | 'NETWORK',
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/** The router registers itself so the 401 handler can navigate without a reload. */
export function setApiNavigator(navigate: Navigate) {
  navigateTo = navigate;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Replaces how requests reach the API: the server's renderer answers them in-process, without a
 * round trip through the network, for the request it is rendering.
 */
export function setApiTransport(next: Transport) {
  transport = next;
}

let sessionExpiryHandled = false;

/** Pages for signing in or recovering an account: an ended session leaves the shopper where they are. */
const SIGN_IN_PAGES = /^\/(login|register|forgot-password|reset-password)(\/|$)/;

/**
 * The one way a session expires in this tab: a 401 to its token, the start-up check refusing the
 * stored token, or the token gone from storage. On any page, public or not, the spec's route table
 * says what follows: `message` in a toast, the token removed, and /login (with the way back to the
 * page), except on the pages where one signs in or recovers an account, which are already the way in.
 * Once a second: several requests refused together end the session once.
 */
export function endExpiredSession(message: string = MESSAGES.sessionExpiredReply) {
  if (sessionExpiryHandled) return;
  sessionExpiryHandled = true;
  markSessionEnded();
  useSession.getState().clear();
  notify.error(message);
  const { pathname, search } = window.location;
  if (!SIGN_IN_PAGES.test(pathname)) navigateTo(`/login?next=${encodeURIComponent(pathname + search)}`);
  setTimeout(() => {
    sessionExpiryHandled = false;
  }, 1000);
}

/**
 * A 403 to a signed-in request: the session is valid, the account may not do
 * this. An admin meets one only by losing the role meanwhile (refusals an admin
 * causes are 409s), so the session forgets the admin flag: the admin guard then
 * says 'You are not an admin' once and sends them home, still signed in.
 */
function onForbidden() {
  const { user, isAdmin, setUser } = useSession.getState();
  if (isAdmin && user) setUser({ ...user, isAdmin: false });
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;
  /** Validates the reply; the schema in packages/shared is the type. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * Sends this token instead of the stored one, or none with `null` (log in, register,
   * the identity provider's hand-over). A 401 or 403 then belongs to the caller: a wrong
   * password is not the end of a session.
   */
  token?: string | null;
  /**
   * 'text' hands back a successful reply's body as it is (a CSV download), 'blob' its bytes (a photo),
   * 'response' the reply itself, to read a streamed body as it arrives; JSON by default.
   */
  as?: 'json' | 'text' | 'blob' | 'response';
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export function buildQuery(query: RequestOptions<unknown>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Calls the shop's API under /api with the stored Bearer token. */
export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const sessionToken = useSession.getState().token;
  const token = options.token === undefined ? sessionToken : options.token;
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transport(`/api${path}${buildQuery(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the shop. Check your connection and try again.', 'NETWORK');
  }

  // Only the session that sent this request is concerned by its reply: after a logout, or once a new
  // session has started, a late answer to an older token neither renews nor ends anything.
  const current = options.token === undefined && token !== null && token === useSession.getState().token;
  const renewed = response.headers.get(SESSION_TOKEN_HEADER);
  if (renewed && current) useSession.getState().setToken(renewed);
  if (response.ok && options.as === 'text') return (await response.text()) as T;
  if (response.ok && options.as === 'response') return response as T;
  if (response.ok && options.as === 'blob') return (await response.blob()) as T;
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    // Only a reply to the session's own token ends it: a wrong password on the login form is an error.
    if (response.status === 401 && current) endExpiredSession();
    if (response.status === 403 && current) onForbidden();
    const reply = (data ?? {}) as Partial<ErrorReply>;
    throw new ApiError(
      response.status,
      reply.message ?? response.statusText ?? 'Request failed',
      reply.code ?? 'INTERNAL',
      reply.fields,
    );
  }
  return options.schema ? options.schema.parse(data) : (data as T);
}
