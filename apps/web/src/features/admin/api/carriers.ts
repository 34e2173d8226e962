import type { CarriersBody, CarriersReply } from '@bazaar/shared/schemas/shipments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const carriersKey = [...adminKeys.orders, 'carriers'] as const;

/** GET /api/admin/carriers: the carriers the ship form offers. */
export function fetchCarriers(signal?: AbortSignal): Promise<CarriersReply> {
  return api<CarriersReply>('/admin/carriers', { signal });
}

export function useCarriers() {
  return useQuery(queryOptions({ queryKey: carriersKey, queryFn: ({ signal }) => fetchCarriers(signal) }));
}

/** PUT /api/admin/carriers: the whole list. */
export function useSaveCarriers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CarriersBody) => api<CarriersReply>('/admin/carriers', { method: 'PUT', body }),
    onSuccess: (reply) => client.setQueryData(carriersKey, reply),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.audit }),
  });
}
