import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's Storage, in memory: the store under test talks to it exactly as to localStorage. */
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

async function loadStore(stored: Record<string, string> = {}) {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  const listeners: ((event: { key: string | null }) => void)[] = [];
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: (event: { key: string | null }) => void) => {
      if (type === 'storage') listeners.push(listener);
    },
  });
  vi.resetModules();
  const { useGuestStore } = await import('./guest-store');
  const otherTab = (key: string, value: string | null) => {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    for (const listener of listeners) listener({ key });
  };
  return { store: useGuestStore, storage, otherTab };
}

const shirt = { _id: 'p1', name: 'Shirt', price: 500, discount: 10 };

describe('guest store', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the cart under guestCart, merging the same product, colour and size', async () => {
    const { store, storage } = await loadStore();
    store.getState().addToCart({ ...shirt, colour: 'Red', size: 'M' });
    store.getState().addToCart({ ...shirt, colour: 'Red', size: 'M', qty: 2 });
    store.getState().addToCart({ ...shirt, colour: 'Blue', size: 'M' });
    const cart = store.getState().cart;
    expect(cart).toHaveLength(2);
    expect(cart[0]).toMatchObject({ colour: 'Red', qty: 3 });
    expect(JSON.parse(storage.getItem('guestCart')!)).toEqual(cart);
    expect(store.getState().hasInCart('p1')).toBe(true);

    store.getState().removeFromCart('p1', { colour: 'Red', size: 'M' });
    expect(store.getState().cart).toHaveLength(1);
    store.getState().clearCart();
    expect(store.getState().cart).toEqual([]);
    expect(storage.getItem('guestCart')).toBeNull();
  });

  it('caps a line at 99', async () => {
    const { store } = await loadStore();
    store.getState().addToCart({ ...shirt, qty: 60 });
    store.getState().addToCart({ ...shirt, qty: 60 });
    expect(store.getState().cart[0]!.qty).toBe(99);
  });

  it('keeps the wishlist under guestLikes without duplicates', async () => {
    const { store, storage } = await loadStore();
    expect(store.getState().addToWishlist(shirt)).toBe(true);
    expect(store.getState().addToWishlist(shirt)).toBe(false);
    expect(JSON.parse(storage.getItem('guestLikes')!)).toHaveLength(1);
    expect(store.getState().hasInWishlist('p1')).toBe(true);
    store.getState().removeFromWishlist('p1');
    expect(store.getState().likes).toEqual([]);
  });

  it('starts from storage, dropping entries that are not products', async () => {
    const { store } = await loadStore({
      guestCart: JSON.stringify([shirt, { name: 'no id' }, null, 'x']),
      guestLikes: '{not json',
    });
    expect(store.getState().cart).toEqual([shirt]);
    expect(store.getState().likes).toEqual([]);
  });

  it('follows changes made in another tab', async () => {
    const { store, otherTab } = await loadStore();
    otherTab('guestLikes', JSON.stringify([shirt]));
    expect(store.getState().likes).toEqual([shirt]);
    otherTab('guestLikes', null);
    expect(store.getState().likes).toEqual([]);
  });
});
