import { STORAGE_KEYS } from '@bazaar/shared/constants';
import { create } from 'zustand';
import { followKey, hasBrowserStorage, readList, writeList } from '@/lib/browser-list';
import { readStoredProduct, type StoredProduct } from '@/lib/stored-product';

export interface GuestWishlistState {
  items: StoredProduct[];
  /** False when the product was already in the wishlist. */
  add(item: StoredProduct): boolean;
  remove(productId: string): void;
  clear(): void;
  /** Empties the wishlist and hands back what it held, in one step (a merge into the account takes it). */
  take(): StoredProduct[];
  has(productId: string): boolean;
  /** Re-reads the wishlist from storage (another tab changed it). */
  reload(): void;
}

const KEY = STORAGE_KEYS.guestLikes;
const readWishlist = () => readList(KEY, readStoredProduct);

/** The guest's wishlist, kept in the browser under the spec's key `guestLikes` and followed across tabs. */
export const useGuestWishlist = create<GuestWishlistState>((set, get) => {
  const save = (items: StoredProduct[]) => {
    writeList(KEY, items);
    set({ items });
  };
  return {
    // Empty as on the server; the stored items arrive right after (below), once hydration is done.
    items: [],
    add(item) {
      if (get().has(item._id)) return false;
      save([...get().items, item]);
      return true;
    },
    remove(productId) {
      save(get().items.filter((item) => item._id !== productId));
    },
    clear() {
      save([]);
    },
    take() {
      // Read from storage, not memory: another tab may have changed the list a moment ago.
      const items = readWishlist();
      save([]);
      return items;
    },
    has(productId) {
      return get().items.some((item) => item._id === productId);
    },
    reload() {
      set({ items: readWishlist() });
    },
  };
});

if (hasBrowserStorage) {
  useGuestWishlist.getState().reload();
  followKey(KEY, () => useGuestWishlist.getState().reload());
}
