/** The words of a search term (letters and digits), as both search paths rank by them. */
export function searchWords(term: string): string[] {
  return term.match(/[\p{L}\p{N}]+/gu) ?? [];
}
