import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** After any order write: the lists, the order, the dashboard and the audit log are stale. */
export function useOrderWritten() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.orders }),
      client.invalidateQueries({ queryKey: adminKeys.dashboard }),
      client.invalidateQueries({ queryKey: adminKeys.audit }),
    ]);
}
