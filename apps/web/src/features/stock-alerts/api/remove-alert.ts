import type { MessageReply } from '@bazaar/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myAlertsKey } from './get-my-alerts';

/** DELETE /api/stock-alerts/mine/:alertId: no mail is sent for it any more. */
export function removeAlert(alertId: string): Promise<MessageReply> {
  return api<MessageReply>(`/stock-alerts/mine/${encodeURIComponent(alertId)}`, { method: 'DELETE' });
}

export function useRemoveAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeAlert,
    onSettled: () => client.invalidateQueries({ queryKey: myAlertsKey }),
  });
}
