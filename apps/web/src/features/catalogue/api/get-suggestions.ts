import type { ProductSuggestions } from '@bazaar/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Suggestion = ProductSuggestions['suggestions'][number];

export const SUGGESTIONS_MIN_CHARS = 2;
export const SUGGESTIONS_SHOWN = 6;

/**
 * GET /api/products/suggestions: the first few products matching a term. Typed by the shared schema
 * but not parsed with it, so zod stays out of the storefront's first bundle.
 */
export function fetchSuggestions(term: string, signal?: AbortSignal): Promise<ProductSuggestions> {
  return api<ProductSuggestions>('/products/suggestions', { query: { q: term }, signal });
}

export const suggestionsQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['catalogue', 'suggestions', term.toLowerCase()] as const,
    queryFn: ({ signal }) => fetchSuggestions(term, signal),
    staleTime: 60_000,
    retry: false,
  });

/** Type-ahead for the header search; the last list stays while the next one loads. */
export function useSuggestions(term: string) {
  const q = term.trim();
  return useQuery({
    ...suggestionsQueryOptions(q),
    enabled: q.length >= SUGGESTIONS_MIN_CHARS,
    select: (data) => (Array.isArray(data?.suggestions) ? data.suggestions.slice(0, SUGGESTIONS_SHOWN) : []),
    placeholderData: keepPreviousData,
  });
}
