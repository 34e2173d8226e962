import type { AdminDeliveryZone } from '@bazaar/shared/schemas/delivery';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useDeliveryWritten } from './save-delivery-zone';

export interface PincodeUpload {
  zoneId: string;
  file: File;
  /** Replace the zone's pincodes with the file's, or add the file's to them. */
  mode: 'replace' | 'add';
}

/**
 * POST /api/admin/delivery/zones/:zoneId/pincodes (multipart: `file`, `mode`). The whole file is
 * checked first: a refusal names every bad line (`fields`: "line 7" → why) and saves nothing.
 */
export function uploadPincodes({ zoneId, file, mode }: PincodeUpload): Promise<AdminDeliveryZone> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', file);
  return api<AdminDeliveryZone>(`/admin/delivery/zones/${encodeURIComponent(zoneId)}/pincodes`, {
    method: 'POST',
    body: form,
  });
}

export function useUploadPincodes() {
  const written = useDeliveryWritten();
  return useMutation({ mutationFn: uploadPincodes, onSuccess: written });
}
