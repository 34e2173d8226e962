import type { TaxSettingsBody, TaxSettingsReply } from '@bazaar/shared/schemas/tax-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

const taxKey = ['admin', 'settings', 'tax'] as const;

/** GET /api/admin/settings/tax: the tax mode and the shop's GSTIN. */
export function getTaxSettings(signal?: AbortSignal): Promise<TaxSettingsReply> {
  return api<TaxSettingsReply>('/admin/settings/tax', { signal });
}

export function useTaxSettings() {
  return useQuery({ queryKey: taxKey, queryFn: ({ signal }) => getTaxSettings(signal) });
}

/** PUT /api/admin/settings/tax. Placed orders keep their pricing; carts follow at once. */
export function useUpdateTaxSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxSettingsBody) =>
      api<TaxSettingsReply>('/admin/settings/tax', { method: 'PUT', body }),
    onSuccess: (reply) => {
      client.setQueryData(taxKey, reply);
      return client.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
