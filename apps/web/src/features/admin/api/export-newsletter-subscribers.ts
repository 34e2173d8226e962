import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
    onSuccess: (csv) => {
      // Reading the reply as text dropped its byte order mark; spreadsheets need it to read UTF-8.
      const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      // The click has started the download; the URL is not needed after this turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.audit }),
  });
}
