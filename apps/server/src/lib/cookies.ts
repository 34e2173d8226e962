/** The value of one cookie a request carries, as sent (no decoding), or undefined. */
export function readCookie(
  request: { headers: { cookie?: string | undefined } },
  name: string,
): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
