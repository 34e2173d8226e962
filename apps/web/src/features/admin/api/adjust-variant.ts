import type { AdminVariant, VariantChanges } from '@bazaar/shared/schemas/variant-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useVariantsWritten } from './variants-written';

/** PATCH /api/admin/variants/:id: one variant's changes (the stock screen's inline adjustment). */
export function changeVariant(id: string, body: VariantChanges): Promise<AdminVariant> {
  return api<AdminVariant>(`/admin/variants/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useChangeVariant() {
  const written = useVariantsWritten();
  return useMutation({
    mutationFn: ({ id, ...body }: VariantChanges & { id: string }) => changeVariant(id, body),
    onSettled: written,
  });
}
