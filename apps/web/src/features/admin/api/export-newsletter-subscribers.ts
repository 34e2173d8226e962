import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadCsv } from '../lib/download-csv';
import { adminKeys } from './keys';

/** GET /api/admin/newsletter/subscribers.csv: every subscribed address as CSV (recorded in the audit log). */
export function exportNewsletterSubscribers(): Promise<string> {
  return api<string>('/admin/newsletter/subscribers.csv', { as: 'text' });
}

/** Fetches the CSV with the admin's token and hands it to the browser as a download. */
export function useExportNewsletterSubscribers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: exportNewsletterSubscribers,
    onSuccess: (csv) =>
      downloadCsv(csv, `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.audit }),
  });
}
