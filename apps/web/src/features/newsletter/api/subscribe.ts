import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/newsletter/subscribe. The form needs only success or failure, so the reply is not read. */
export function subscribe(email: string): Promise<unknown> {
  return api('/newsletter/subscribe', { method: 'POST', body: { email } });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
