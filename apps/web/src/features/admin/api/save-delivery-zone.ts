import type { DeletedReply } from '@bazaar/shared/schemas/admin';
import type { AdminDelivery, AdminDeliveryZone, DeliveryZoneBody } from '@bazaar/shared/schemas/delivery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/delivery/zones: a new zone, last in the order. */
export function createDeliveryZone(body: DeliveryZoneBody): Promise<AdminDeliveryZone> {
  return api<AdminDeliveryZone>('/admin/delivery/zones', { method: 'POST', body });
}

/** PUT /api/admin/delivery/zones/:zoneId: the zone's terms and pincodes, replaced. */
export function updateDeliveryZone(zoneId: string, body: DeliveryZoneBody): Promise<AdminDeliveryZone> {
  return api<AdminDeliveryZone>(`/admin/delivery/zones/${encodeURIComponent(zoneId)}`, {
    method: 'PUT',
    body,
  });
}

/** DELETE /api/admin/delivery/zones/:zoneId. */
export function deleteDeliveryZone(zoneId: string): Promise<DeletedReply> {
  return api<DeletedReply>(`/admin/delivery/zones/${encodeURIComponent(zoneId)}`, { method: 'DELETE' });
}

/** PUT /api/admin/delivery/zone-order: every zone's id, the one that wins ties first. */
export function orderDeliveryZones(zoneIds: string[]): Promise<AdminDelivery> {
  return api<AdminDelivery>('/admin/delivery/zone-order', { method: 'PUT', body: { zoneIds } });
}

/** After a delivery write: the zones screen and the audit log are stale. */
export function useDeliveryWritten() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.delivery }),
      client.invalidateQueries({ queryKey: adminKeys.audit }),
    ]);
}

export function useCreateDeliveryZone() {
  const written = useDeliveryWritten();
  return useMutation({ mutationFn: createDeliveryZone, onSuccess: written });
}

export function useUpdateDeliveryZone() {
  const written = useDeliveryWritten();
  return useMutation({
    mutationFn: ({ zoneId, body }: { zoneId: string; body: DeliveryZoneBody }) =>
      updateDeliveryZone(zoneId, body),
    onSuccess: written,
  });
}

export function useDeleteDeliveryZone() {
  const written = useDeliveryWritten();
  return useMutation({ mutationFn: deleteDeliveryZone, onSuccess: written });
}

export function useOrderDeliveryZones() {
  const written = useDeliveryWritten();
  return useMutation({ mutationFn: orderDeliveryZones, onSuccess: written });
}
