import { useSessionBootstrap } from '../hooks/use-session-bootstrap';

/** Rendered once by the app providers: the start-up auth check and the 1-second token check. */
export function SessionBootstrap() {
  useSessionBootstrap();
  return null;
}
