import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadCsv } from '../lib/download-csv';

/** GET /api/admin/products/export.csv: every live product, one row a variant (the import's columns). */
export function exportProducts(): Promise<string> {
  return api<string>('/admin/products/export.csv', { as: 'text' });
}

export function useExportProducts() {
  return useMutation({
    mutationFn: exportProducts,
    onSuccess: (csv) => downloadCsv(csv, `products-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
