import type { AdminOrderFilter } from '@bazaar/shared/schemas/order-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadCsv } from '../lib/download-csv';
import { adminKeys } from './keys';

/** GET /api/admin/orders.csv: the orders matching the list's search and status (recorded in the audit log). */
export function exportOrders(filter: AdminOrderFilter): Promise<string> {
  return api<string>('/admin/orders.csv', { query: { ...filter }, as: 'text' });
}

export function useExportOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: exportOrders,
    onSuccess: (csv) => downloadCsv(csv, `orders-${new Date().toISOString().slice(0, 10)}.csv`),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.audit }),
  });
}
