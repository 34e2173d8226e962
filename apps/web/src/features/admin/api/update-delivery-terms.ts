import type {
  AdminDefaultZone,
  DefaultZoneBody,
  DeliveryCalendar,
  DeliveryCalendarBody,
} from '@bazaar/shared/schemas/delivery';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useDeliveryWritten } from './save-delivery-zone';

/** PUT /api/admin/delivery/default-zone: the terms for pincodes no zone lists, and whether it delivers there. */
export function updateDefaultZone(body: DefaultZoneBody): Promise<AdminDefaultZone> {
  return api<AdminDefaultZone>('/admin/delivery/default-zone', { method: 'PUT', body });
}

/** PUT /api/admin/delivery/calendar: business days, cut-off, holidays. */
export function updateDeliveryCalendar(body: DeliveryCalendarBody): Promise<DeliveryCalendar> {
  return api<DeliveryCalendar>('/admin/delivery/calendar', { method: 'PUT', body });
}

export function useUpdateDefaultZone() {
  const written = useDeliveryWritten();
  return useMutation({ mutationFn: updateDefaultZone, onSuccess: written });
}

export function useUpdateDeliveryCalendar() {
  const written = useDeliveryWritten();
  return useMutation({ mutationFn: updateDeliveryCalendar, onSuccess: written });
}
