/**
 * One JSON value the browser keeps under a key (a cached server reply, say). Storage may hold anything
 * (older versions, hand edits), so `check` decides whether what was read is usable; null otherwise.
 */
export function readValue<T>(key: string, check: (value: unknown) => value is T): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return check(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Writes the value, or removes the key for null. */
export function writeValue(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value still lives in memory for this tab.
  }
}
