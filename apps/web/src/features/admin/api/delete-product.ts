import type { ProductDeletedReply } from '@bazaar/shared/schemas/admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useProductWritten } from './save-product';

/** DELETE /api/products/:id: deleted, or archived when past orders name it. */
export function deleteProduct(productId: string): Promise<ProductDeletedReply> {
  return api<ProductDeletedReply>(`/products/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const written = useProductWritten();
  return useMutation({ mutationFn: deleteProduct, onSuccess: written });
}
