import { vi } from 'vitest';

/** The browser's Storage, in memory: code under test talks to it exactly as to localStorage. */
class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  clear() {
    this.data.clear();
  }
}

/**
 * Stubs `localStorage` and `window` (its storage events) for a test, starting from `stored`, and
 * resets the module registry so a store module reads them afresh when the test imports it.
 * `otherTab` writes a key as another tab would: the change plus the storage event this tab hears.
 */
export function stubBrowserStorage(stored: Record<string, string> = {}) {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  const listeners: ((event: { key: string | null }) => void)[] = [];
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: (event: { key: string | null }) => void) => {
      if (type === 'storage') listeners.push(listener);
    },
    removeEventListener: () => {},
  });
  vi.resetModules();
  const otherTab = (key: string, value: string | null) => {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    for (const listener of listeners) listener({ key });
  };
  return { storage, otherTab };
}
