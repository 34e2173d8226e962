import type { Gstr1Query } from '@bazaar/shared/schemas/gst-report';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadCsv } from '../lib/download-csv';
import { adminKeys } from './keys';

/** GET /api/admin/reports/gstr1.csv: the period's GSTR-1 figures (recorded in the audit log). */
export function exportGstr1(query: Gstr1Query): Promise<string> {
  return api<string>('/admin/reports/gstr1.csv', { query: { ...query }, as: 'text' });
}

const labelOf = (q: Gstr1Query) => q.month ?? `${q.from}_${q.to}`;

export function useExportGstr1() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: exportGstr1,
    onSuccess: (csv, query) => downloadCsv(csv, `gstr1-${labelOf(query)}.csv`),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.audit }),
  });
}
