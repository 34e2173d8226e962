import type { ProductWriteReply } from '@bazaar/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/products (multipart): the create form. */
export function createProduct(form: FormData): Promise<ProductWriteReply> {
  return api<ProductWriteReply>('/products', { method: 'POST', body: form });
}

/** PUT /api/products/:id (multipart): the edit form. */
export function updateProduct(productId: string, form: FormData): Promise<ProductWriteReply> {
  return api<ProductWriteReply>(`/products/${encodeURIComponent(productId)}`, { method: 'PUT', body: form });
}

/** After a product write, the admin's lists and this tab's storefront pages read afresh. */
export function useProductWritten() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.products }),
      client.invalidateQueries({ queryKey: adminKeys.audit }),
      client.invalidateQueries({ queryKey: ['catalogue'] }),
    ]);
}

export function useCreateProduct() {
  const written = useProductWritten();
  return useMutation({ mutationFn: createProduct, onSuccess: written });
}

export function useUpdateProduct(productId: string) {
  const written = useProductWritten();
  return useMutation({ mutationFn: (form: FormData) => updateProduct(productId, form), onSuccess: written });
}
