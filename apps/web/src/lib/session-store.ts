import { STORAGE_KEYS } from '@bazaar/shared/constants';
import type { User } from '@bazaar/shared/schemas/user';
import { create } from 'zustand';

interface SessionState {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** True while the start-up auth check runs; guards wait for it. */
  checking: boolean;
  setSession(user: User, token: string): void;
  /** Keeps a renewed token of the same session (sliding renewal). */
  setToken(token: string): void;
  setUser(user: User): void;
  setChecking(checking: boolean): void;
  clear(): void;
}

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/**
 * Session state; the token also lives in browser storage under `token`, as the spec says.
 *
 * The initial state is the one the server renders with: nobody signed in yet, the check still to
 * come (guarded pages show their loader). React hydrates from it (zustand hands it to
 * useSyncExternalStore as the server snapshot), then re-renders with what the browser holds, so the
 * signed-in parts fill in after hydration instead of breaking it.
 */
export const useSession = create<SessionState>((set) => ({
  token: null,
  user: null,
  isAuthenticated: false,
  isAdmin: false,
  checking: true,
  setSession(user, token) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    set({ user, token, isAuthenticated: true, isAdmin: user.isAdmin, checking: false });
  },
  setToken(token) {
    try {
      localStorage.setItem(STORAGE_KEYS.token, token);
    } catch {
      // storage full or refused: the token still works for this tab
    }
    set({ token });
  },
  setUser(user) {
    set({ user, isAdmin: user.isAdmin });
  },
  setChecking(checking) {
    set({ checking });
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.token);
    set({ user: null, token: null, isAuthenticated: false, isAdmin: false, checking: false });
  },
}));

if (typeof window !== 'undefined') {
  const token = readStoredToken();
  useSession.setState({ token, isAuthenticated: token !== null, checking: token !== null });
}

/**
 * Logout as the spec describes it: token removed, user cleared, admin flag off. What an ended session
 * means to the features (the cached wishlist dropped) is wired in app/session-effects.ts; the guest's
 * own lists stay in the browser. Returns the token that was in use, for the server to end it.
 */
export function logout(): string | null {
  const { token } = useSession.getState();
  // Whoever logs out says so in their own words; a guarded page must not add 'Session expired'.
  markSessionEnded('logout');
  useSession.getState().clear();
  return token;
}

let ended = { at: 0, byLogout: false };

/**
 * Records that a session just ended with its own message (a logout, a 401 reply, the missing token
 * check), so the route guard does not cover that toast with a second one.
 */
export function markSessionEnded(reason: 'logout' | 'expired' = 'expired') {
  ended = { at: Date.now(), byLogout: reason === 'logout' };
}

export function sessionJustEnded(withinMs = 2000): boolean {
  return Date.now() - ended.at < withinMs;
}

/**
 * Whether the shopper logged out themselves a moment ago: a guarded page they were on then sends them
 * to log in plainly, never as if their session had expired (no toast, no way back to the page).
 */
export function justLoggedOut(withinMs = 10_000): boolean {
  return ended.byLogout && sessionJustEnded(withinMs);
}
