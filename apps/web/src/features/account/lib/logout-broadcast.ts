// Tabs of one browser share the stored token: when one logs out, the others see it vanish. This tells
// them it was a logout, so they do not announce an expired session. (BroadcastChannel is missing only
// in very old browsers; there the others fall back to the spec's 'Session expired' message.)
const CHANNEL = 'bazaar-session';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
let loggedOutElsewhereAt = 0;

channel?.addEventListener('message', (event: MessageEvent) => {
  if (event.data === 'logout') loggedOutElsewhereAt = Date.now();
});

/** Tells the other tabs, before the token is removed, that this is a logout. */
export function announceLogout(): void {
  channel?.postMessage('logout');
}

/** Whether another tab logged out in the last few seconds. */
export function loggedOutElsewhere(withinMs = 5000): boolean {
  return Date.now() - loggedOutElsewhereAt < withinMs;
}
