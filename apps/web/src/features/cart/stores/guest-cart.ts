import { CART_MAX_LINES, CART_QUANTITY, STORAGE_KEYS } from '@bazaar/shared/constants';
import { create } from 'zustand';
import { followKey, hasBrowserStorage, readList, writeList } from '@/lib/browser-list';
import { readStoredProduct, type StoredProduct } from '@/lib/stored-product';

/** One line of the guest cart: the product as stored, how many, and the colour and size chosen. */
export interface GuestCartLine extends StoredProduct {
  qty: number;
  colour?: string;
  size?: string;
}

export type CartVariant = Pick<GuestCartLine, 'colour' | 'size'>;

export interface GuestCartState {
  lines: GuestCartLine[];
  /**
   * Adds a line, or raises the quantity of the same product in the same colour and size (up to 99).
   * False when the cart already holds as many different lines as a cart may.
   */
  add(line: GuestCartLine): boolean;
  /** Removes the product: only the given colour and size, or every line of it. */
  remove(productId: string, variant?: CartVariant): void;
  /** Sets one line's quantity (1..99). */
  setQty(productId: string, variant: CartVariant, qty: number): void;
  clear(): void;
  /**
   * Empties the cart and hands back what it held, in one step: a merge into the account takes the lines
   * so that another tab signing in at the same moment finds nothing left to merge twice.
   */
  take(): GuestCartLine[];
  has(productId: string): boolean;
  /** Re-reads the cart from storage (another tab changed it). */
  reload(): void;
}

const KEY = STORAGE_KEYS.guestCart;

export const clampQty = (qty: number) =>
  Math.min(CART_QUANTITY.max, Math.max(CART_QUANTITY.min, Math.trunc(qty) || CART_QUANTITY.min));

const sameLine = (line: GuestCartLine, productId: string, variant: CartVariant) =>
  line._id === productId &&
  (line.colour ?? '') === (variant.colour ?? '') &&
  (line.size ?? '') === (variant.size ?? '');

function readLine(value: unknown): GuestCartLine | null {
  const product = readStoredProduct(value);
  if (!product) return null;
  const entry = value as Record<string, unknown>;
  const line: GuestCartLine = { ...product, qty: clampQty(typeof entry.qty === 'number' ? entry.qty : 1) };
  if (typeof entry.colour === 'string' && entry.colour) line.colour = entry.colour;
  if (typeof entry.size === 'string' && entry.size) line.size = entry.size;
  return line;
}

const readCart = () => readList(KEY, readLine);

/** The guest's cart, kept in the browser under the spec's key `guestCart` and followed across tabs. */
export const useGuestCart = create<GuestCartState>((set, get) => {
  const save = (lines: GuestCartLine[]) => {
    writeList(KEY, lines);
    set({ lines });
  };
  return {
    // Empty as on the server; the stored lines arrive right after (below), once hydration is done.
    lines: [],
    add(line) {
      const lines = get().lines;
      const qty = clampQty(line.qty);
      const existing = lines.find((other) => sameLine(other, line._id, line));
      if (!existing && lines.length >= CART_MAX_LINES) return false;
      save(
        existing
          ? lines.map((other) => (other === existing ? { ...other, qty: clampQty(other.qty + qty) } : other))
          : [...lines, { ...line, qty }],
      );
      return true;
    },
    remove(productId, variant) {
      save(
        get().lines.filter((line) =>
          variant ? !sameLine(line, productId, variant) : line._id !== productId,
        ),
      );
    },
    setQty(productId, variant, qty) {
      save(
        get().lines.map((line) =>
          sameLine(line, productId, variant) ? { ...line, qty: clampQty(qty) } : line,
        ),
      );
    },
    clear() {
      save([]);
    },
    take() {
      // Read from storage, not memory: another tab may have changed the cart a moment ago.
      const lines = readCart();
      save([]);
      return lines;
    },
    has(productId) {
      return get().lines.some((line) => line._id === productId);
    },
    reload() {
      set({ lines: readCart() });
    },
  };
});

if (hasBrowserStorage) {
  useGuestCart.getState().reload();
  followKey(KEY, () => useGuestCart.getState().reload());
}
