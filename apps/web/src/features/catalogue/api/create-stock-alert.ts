import type { StockAlertBody, StockAlertReply } from '@bazaar/shared/schemas/stock-alerts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/stock-alerts: "Notify me" on a sold-out variant (a signed-in shopper's session is sent along). */
export function createStockAlert(body: StockAlertBody): Promise<StockAlertReply> {
  return api<StockAlertReply>('/stock-alerts', { method: 'POST', body });
}

export function useCreateStockAlert() {
  return useMutation({ mutationFn: createStockAlert });
}
