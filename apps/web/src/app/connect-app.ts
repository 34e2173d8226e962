import type { QueryClient } from '@tanstack/react-query';
import { setApiNavigator } from '@/lib/api-client';
import { followSessionChanges } from './session-effects';

/**
 * What the browser wires once at start (main.tsx), and a test of the whole app the same way: what a
 * change of session means to the features, and the router the API client's 401 handler sends the
 * shopper to /login with. Returns the undoing of the first (the browser never needs it).
 */
export function connectApp(router: { navigate(to: string): unknown }, queryClient: QueryClient): () => void {
  const unfollow = followSessionChanges(queryClient);
  setApiNavigator((to) => {
    void router.navigate(to);
  });
  return unfollow;
}
