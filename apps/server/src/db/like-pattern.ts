/** A LIKE pattern matching `term` anywhere, case-folded, its wildcards escaped so a `%` or `_` typed matches itself. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
