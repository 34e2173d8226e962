import { useSession } from './session-store';

/**
 * Downloads an order's invoice PDF (the shopper's `/orders/{id}/invoice`, or the admin's
 * `/admin/orders/{id}/invoice`): the request carries the session's token, so it cannot be a plain link.
 * Resolves to an error message for the person, or null once the file is saved.
 */
export async function downloadInvoice(path: string): Promise<string | null> {
  const token = useSession.getState().token;
  const res = await fetch(`/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? 'The invoice could not be downloaded. Please try again.';
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'invoice.pdf';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}
