import type { ProductDescriptionBody, ProductDescriptionReply } from '@bazaar/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/ai/product-description: Gemini on the server, or the offline writer. */
export function generateDescription(body: ProductDescriptionBody): Promise<ProductDescriptionReply> {
  return api<ProductDescriptionReply>('/admin/ai/product-description', { method: 'POST', body });
}

export function useGenerateDescription() {
  return useMutation({ mutationFn: generateDescription });
}
