import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '@/testing/browser-storage';

const EXPIRED = 'Session expired or unauthorized. Please log in again.';

/** The API client on a stored session, with fetch answered by `reply` and toasts and navigation recorded. */
async function loadClient(reply: () => Promise<Response>) {
  const browser = stubBrowserStorage({ token: 'token-1' });
  Object.assign(window, { location: { pathname: '/profile', search: '' } });
  vi.stubGlobal('fetch', vi.fn(reply));
  const client = await import('./api-client');
  const { notify } = await import('./notify');
  const session = await import('./session-store');
  const toasts = vi.spyOn(notify, 'error').mockImplementation(() => {});
  const navigate = vi.fn();
  client.setApiNavigator(navigate);
  return { ...client, ...session, toasts, navigate, ...browser };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('the API client and the session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('does not announce an expired session when a request of a logged-out session is refused', async () => {
    let answer: (res: Response) => void = () => {};
    const c = await loadClient(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = c.api('/users/user').catch((error: unknown) => error);
    // The shopper presses Logout while the request is on its way; the server then refuses the token.
    c.logout();
    answer(json(401, { message: 'Your session is not valid. Please log in again.', code: 'UNAUTHORIZED' }));
    expect(await pending).toBeInstanceOf(c.ApiError);
    expect(c.toasts).not.toHaveBeenCalled();
    expect(c.navigate).not.toHaveBeenCalled();
  });

  it("ends the current session on a 401 with the spec's message", async () => {
    const c = await loadClient(async () => json(401, { message: 'expired', code: 'UNAUTHORIZED' }));
    await c.api('/users/user').catch(() => {});
    expect(c.toasts).toHaveBeenCalledWith(EXPIRED);
    expect(c.navigate).toHaveBeenCalledWith('/login?next=%2Fprofile');
    expect(c.useSession.getState().token).toBeNull();
  });

  it('keeps a session a 403 refuses, and drops its admin flag: a demoted admin is no longer one', async () => {
    const c = await loadClient(async () =>
      json(403, { message: 'Only shop administrators can do this.', code: 'FORBIDDEN' }),
    );
    c.useSession.getState().setSession(
      {
        _id: 'u1',
        name: 'Anita',
        email: 'anita@example.com',
        phoneNumber: null,
        profileImage: null,
        isAdmin: true,
        hasPassword: true,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
      'token-1',
    );
    const error = await c.api('/orders/all').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, message: 'Only shop administrators can do this.' });
    expect(c.useSession.getState()).toMatchObject({
      token: 'token-1',
      isAuthenticated: true,
      isAdmin: false,
    });
    expect(c.useSession.getState().user?.isAdmin).toBe(false);
    expect(c.toasts).not.toHaveBeenCalled();
    expect(c.navigate).not.toHaveBeenCalled();
  });

  it('keeps the renewed token a reply carries, in the session and in storage', async () => {
    const c = await loadClient(async () => json(200, { ok: true }, { 'x-session-token': 'token-2' }));
    await c.api('/users/user');
    expect(c.useSession.getState().token).toBe('token-2');
    expect(c.storage.getItem('token')).toBe('token-2');
    expect(c.toasts).not.toHaveBeenCalled();
  });
});

describe('a session ended on a page for signing in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('leaves the shopper on the reset-password page they opened, the token gone', async () => {
    // A fresh client: the one above has just ended a session, and ends one a second at most.
    vi.resetModules();
    const c = await loadClient(async () => json(401, { message: 'expired', code: 'UNAUTHORIZED' }));
    Object.assign(window, { location: { pathname: '/reset-password/abc123', search: '' } });
    c.endExpiredSession();
    expect(c.toasts).toHaveBeenCalledWith(EXPIRED);
    expect(c.navigate).not.toHaveBeenCalled();
    expect(c.useSession.getState().token).toBeNull();
    expect(c.storage.getItem('token')).toBeNull();
  });
});
