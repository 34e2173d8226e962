import type { NewsletterSubscribersParams, NewsletterSubscribersReply } from '@bazaar/shared/schemas/content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/newsletter/subscribers: addresses newest first, with the subscribed and unsubscribed counts. */
export function fetchNewsletterSubscribers(
  params: Partial<NewsletterSubscribersParams>,
  signal?: AbortSignal,
): Promise<NewsletterSubscribersReply> {
  return api<NewsletterSubscribersReply>('/admin/newsletter/subscribers', { query: { ...params }, signal });
}

export const newsletterSubscribersQueryOptions = (params: Partial<NewsletterSubscribersParams>) =>
  queryOptions({
    queryKey: [...adminKeys.newsletter, params] as const,
    queryFn: ({ signal }) => fetchNewsletterSubscribers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useNewsletterSubscribers(params: Partial<NewsletterSubscribersParams>) {
  return useQuery(newsletterSubscribersQueryOptions(params));
}
