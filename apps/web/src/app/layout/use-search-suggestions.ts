import type { productSuggestionsSchema } from '@bazaar/shared/schemas/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SearchSuggestions = z.infer<typeof productSuggestionsSchema>;
export type SearchSuggestion = SearchSuggestions['suggestions'][number];

export const SUGGESTIONS_MIN_CHARS = 2;
export const SUGGESTIONS_SHOWN = 6;

/**
 * Type-ahead for the header search. The reply is typed by the shared schema but
 * not parsed with it, so zod stays out of the storefront's first bundle.
 */
export function useSearchSuggestions(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: ['products', 'suggestions', q.toLowerCase()],
    queryFn: ({ signal }) => api<SearchSuggestions>('/products/suggestions', { query: { q }, signal }),
    enabled: q.length >= SUGGESTIONS_MIN_CHARS,
    select: (data) => (Array.isArray(data?.suggestions) ? data.suggestions.slice(0, SUGGESTIONS_SHOWN) : []),
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
