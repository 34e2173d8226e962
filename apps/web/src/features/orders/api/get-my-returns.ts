import type { ReturnRequestsReply } from '@bazaar/shared/schemas/returns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const myReturnsKey = ['returns', 'mine'] as const;

/** GET /returns: the signed-in shopper's return requests, newest first. */
export async function getMyReturns(signal?: AbortSignal): Promise<ReturnRequestsReply['returns']> {
  return (await api<ReturnRequestsReply>('/returns', { signal })).returns;
}

export function useMyReturns() {
  return useQuery(queryOptions({ queryKey: myReturnsKey, queryFn: ({ signal }) => getMyReturns(signal) }));
}
