/** `/categories/<cat>/<sub>/<option>/<subOption>` with each given segment URL-encoded. */
export function categoryPath(...segments: (string | null | undefined)[]): string {
  const parts: string[] = [];
  for (const segment of segments) {
    if (!segment) break;
    parts.push(encodeURIComponent(segment));
  }
  return `/categories/${parts.join('/')}`;
}
