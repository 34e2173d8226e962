import type { ReleaseHoldsBody, ReleaseHoldsReply } from '@bazaar/shared/schemas/holds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';
import { useOrderWritten } from './order-written';

/** POST /api/admin/holds/release: cancels the unpaid orders named; those no longer unpaid are skipped with why. */
export function releaseHolds(body: ReleaseHoldsBody): Promise<ReleaseHoldsReply> {
  return api<ReleaseHoldsReply>('/admin/holds/release', { method: 'POST', body });
}

export function useReleaseHolds() {
  const client = useQueryClient();
  const orderWritten = useOrderWritten();
  return useMutation({
    mutationFn: releaseHolds,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: adminKeys.holds }), orderWritten()]),
  });
}
