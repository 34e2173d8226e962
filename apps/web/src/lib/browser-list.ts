/** False while rendering without a browser (tests, tools): the lists start empty then. */
export const hasBrowserStorage = typeof window !== 'undefined';

/**
 * A list the browser keeps under one storage key. Storage may hold anything (older versions, hand
 * edits), so each entry goes through `toItem` and whatever it refuses (null) is dropped.
 */
export function readList<T>(key: string, toItem: (value: unknown) => T | null): T[] {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.map(toItem).filter((item): item is T => item !== null);
  } catch {
    return [];
  }
}

/** Writes the whole list; an empty list removes the key. */
export function writeList(key: string, items: readonly unknown[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(items));
  } catch {
    // Storage full or disabled: the list still lives for this tab.
  }
}

/**
 * Calls `onChange` when another tab changes the key or clears storage. The storage event fires in
 * the other tabs only, so each tab follows the rest without hearing its own writes.
 */
export function followKey(key: string, onChange: () => void): () => void {
  const listener = (event: Pick<StorageEvent, 'key'>) => {
    if (event.key === null || event.key === key) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
