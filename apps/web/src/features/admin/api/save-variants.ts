import type { AdminVariantList, VariantBulkInput } from '@bazaar/shared/schemas/variant-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useVariantsWritten } from './variants-written';

/** PUT /api/admin/products/:id/variants: the changed rows of the matrix, in one transaction. */
export function saveVariants(productId: string, body: VariantBulkInput): Promise<AdminVariantList> {
  return api<AdminVariantList>(`/admin/products/${encodeURIComponent(productId)}/variants`, {
    method: 'PUT',
    body,
  });
}

export function useSaveVariants(productId: string) {
  const written = useVariantsWritten();
  return useMutation({
    mutationFn: (body: VariantBulkInput) => saveVariants(productId, body),
    onSettled: written,
  });
}
