import type { ReturnRequest } from '@bazaar/shared/schemas/returns';
import { api } from '@/lib/api-client';

/** PUT /returns/:id/photo: the one optional photo of a return request, while it waits for an answer. */
export function attachReturnPhoto(returnId: string, photo: File): Promise<ReturnRequest> {
  const form = new FormData();
  form.append('photo', photo);
  return api<ReturnRequest>(`/returns/${encodeURIComponent(returnId)}/photo`, { method: 'PUT', body: form });
}
