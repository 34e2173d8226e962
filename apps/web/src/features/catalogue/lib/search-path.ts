/** The route of a search, as the spec writes it: trimmed and URL-encoded; null when there is nothing to search. */
export function searchPath(term: string): string | null {
  const q = term.trim();
  return q ? `/search/${encodeURIComponent(q)}` : null;
}
