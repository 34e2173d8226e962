import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** After a variant write: every stock read, the product (its stock figure and options) and the dashboard. */
export function useVariantsWritten() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.stock }),
      client.invalidateQueries({ queryKey: adminKeys.products }),
      client.invalidateQueries({ queryKey: adminKeys.dashboard }),
      client.invalidateQueries({ queryKey: adminKeys.audit }),
    ]);
}
