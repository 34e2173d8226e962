import { CART_QUANTITY, STORAGE_KEYS } from '@bazaar/shared/constants';
import { create } from 'zustand';

/**
 * A product as a guest keeps it in the browser. Loose on purpose: the cart issue
 * replaces it with the shared schema's type and prices it with the shared rules.
 */
export interface GuestItem {
  _id: string;
  name: string;
  image?: string | null;
  /** Rupees, before the product discount. */
  price: number;
  /** Percent. */
  discount?: number;
  qty?: number;
  colour?: string;
  size?: string;
}

interface GuestState {
  cart: GuestItem[];
  likes: GuestItem[];
  /** Adds a line, or raises the quantity of the same product in the same colour and size. */
  addToCart(item: GuestItem): void;
  removeFromCart(productId: string, variant?: Pick<GuestItem, 'colour' | 'size'>): void;
  clearCart(): void;
  hasInCart(productId: string): boolean;
  /** False when the product was already in the wishlist. */
  addToWishlist(item: GuestItem): boolean;
  removeFromWishlist(productId: string): void;
  clearWishlist(): void;
  hasInWishlist(productId: string): boolean;
  /** Re-reads both lists from storage (another tab changed them). */
  reload(): void;
}

function isItem(value: unknown): value is GuestItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item._id === 'string' && item._id !== '' && typeof item.name === 'string';
}

/** Storage may hold anything (older versions, hand edits): keep only sane entries. */
function read(key: string): GuestItem[] {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

function write(key: string, items: GuestItem[]) {
  try {
    if (items.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(items));
  } catch {
    // storage full or disabled: the list still lives for this tab
  }
}

const sameLine = (a: GuestItem, id: string, colour?: string, size?: string) =>
  a._id === id && (a.colour ?? '') === (colour ?? '') && (a.size ?? '') === (size ?? '');

const clampQty = (qty: number) =>
  Math.min(CART_QUANTITY.max, Math.max(CART_QUANTITY.min, Math.trunc(qty) || CART_QUANTITY.min));

const hasStorage = typeof window !== 'undefined';

/** Guest cart and wishlist, kept under the spec's keys `guestCart` and `guestLikes`. */
export const useGuestStore = create<GuestState>((set, get) => {
  const setCart = (cart: GuestItem[]) => {
    write(STORAGE_KEYS.guestCart, cart);
    set({ cart });
  };
  const setLikes = (likes: GuestItem[]) => {
    write(STORAGE_KEYS.guestLikes, likes);
    set({ likes });
  };
  return {
    cart: hasStorage ? read(STORAGE_KEYS.guestCart) : [],
    likes: hasStorage ? read(STORAGE_KEYS.guestLikes) : [],
    addToCart(item) {
      const cart = get().cart;
      const qty = clampQty(item.qty ?? 1);
      const existing = cart.find((line) => sameLine(line, item._id, item.colour, item.size));
      setCart(
        existing
          ? cart.map((line) => (line === existing ? { ...line, qty: clampQty((line.qty ?? 1) + qty) } : line))
          : [...cart, { ...item, qty }],
      );
    },
    removeFromCart(productId, variant) {
      setCart(
        get().cart.filter((line) =>
          variant ? !sameLine(line, productId, variant.colour, variant.size) : line._id !== productId,
        ),
      );
    },
    clearCart() {
      setCart([]);
    },
    hasInCart(productId) {
      return get().cart.some((line) => line._id === productId);
    },
    addToWishlist(item) {
      if (get().likes.some((like) => like._id === item._id)) return false;
      setLikes([...get().likes, item]);
      return true;
    },
    removeFromWishlist(productId) {
      setLikes(get().likes.filter((like) => like._id !== productId));
    },
    clearWishlist() {
      setLikes([]);
    },
    hasInWishlist(productId) {
      return get().likes.some((like) => like._id === productId);
    },
    reload() {
      set({ cart: read(STORAGE_KEYS.guestCart), likes: read(STORAGE_KEYS.guestLikes) });
    },
  };
});

if (hasStorage) {
  // The storage event fires in the other tabs only, so each tab follows the rest.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.guestCart || event.key === STORAGE_KEYS.guestLikes) {
      useGuestStore.getState().reload();
    }
  });
}

/** Number of lines in the guest cart (one per product, colour and size). */
export const useCartCount = () => useGuestStore((state) => state.cart.length);
export const useWishlistCount = () => useGuestStore((state) => state.likes.length);
