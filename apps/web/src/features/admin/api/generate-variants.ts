import type { AdminVariantList, VariantGenerateInput } from '@bazaar/shared/schemas/variant-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useVariantsWritten } from './variants-written';

/** POST /api/admin/products/:id/variants/generate: the variants of colours × sizes. */
export function generateVariants(productId: string, body: VariantGenerateInput): Promise<AdminVariantList> {
  return api<AdminVariantList>(`/admin/products/${encodeURIComponent(productId)}/variants/generate`, {
    method: 'POST',
    body,
  });
}

export function useGenerateVariants(productId: string) {
  const written = useVariantsWritten();
  return useMutation({
    mutationFn: (body: VariantGenerateInput) => generateVariants(productId, body),
    onSettled: written,
  });
}
