/**
 * PostgreSQL's unique_violation (23505), found on the error or its causes (Drizzle wraps the
 * driver's): how a write learns that a concurrent one took the same email, code or SKU first.
 */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
