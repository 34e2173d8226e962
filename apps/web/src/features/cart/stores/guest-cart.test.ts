import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '@/testing/browser-storage';

async function loadCart(stored: Record<string, string> = {}) {
  const browser = stubBrowserStorage(stored);
  const { useGuestCart } = await import('./guest-cart');
  return { cart: useGuestCart, ...browser };
}

const shirt = { _id: 'p1', name: 'Shirt', image: null, price: 500, discount: 10 };

describe('guest cart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the lines under guestCart, merging the same product, colour and size', async () => {
    const { cart, storage } = await loadCart();
    cart.getState().add({ ...shirt, qty: 1, colour: 'Red', size: 'M' });
    cart.getState().add({ ...shirt, qty: 2, colour: 'Red', size: 'M' });
    cart.getState().add({ ...shirt, qty: 1, colour: 'Blue', size: 'M' });
    const lines = cart.getState().lines;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ colour: 'Red', qty: 3 });
    expect(JSON.parse(storage.getItem('guestCart')!)).toEqual(lines);
    expect(cart.getState().has('p1')).toBe(true);

    cart.getState().remove('p1', { colour: 'Red', size: 'M' });
    expect(cart.getState().lines).toHaveLength(1);
    cart.getState().remove('p1');
    expect(cart.getState().has('p1')).toBe(false);
    cart.getState().add({ ...shirt, qty: 1 });
    cart.getState().clear();
    expect(cart.getState().lines).toEqual([]);
    expect(storage.getItem('guestCart')).toBeNull();
  });

  it('keeps a line between 1 and 99', async () => {
    const { cart } = await loadCart();
    cart.getState().add({ ...shirt, qty: 60 });
    cart.getState().add({ ...shirt, qty: 60 });
    expect(cart.getState().lines[0]!.qty).toBe(99);
    cart.getState().add({ ...shirt, _id: 'p2', qty: 0 });
    expect(cart.getState().lines[1]!.qty).toBe(1);
  });

  it('sets one line’s quantity within 1..99', async () => {
    const { cart } = await loadCart();
    cart.getState().add({ ...shirt, qty: 1, colour: 'Red', size: 'M' });
    cart.getState().add({ ...shirt, qty: 1, colour: 'Blue', size: 'M' });
    cart.getState().setQty('p1', { colour: 'Blue', size: 'M' }, 7);
    expect(cart.getState().lines.map((l) => l.qty)).toEqual([1, 7]);
    cart.getState().setQty('p1', { colour: 'Red', size: 'M' }, 500);
    expect(cart.getState().lines[0]!.qty).toBe(99);
  });

  it('holds at most 100 different lines', async () => {
    const { cart } = await loadCart();
    for (let i = 0; i < 100; i++) expect(cart.getState().add({ ...shirt, _id: `p${i}`, qty: 1 })).toBe(true);
    expect(cart.getState().add({ ...shirt, _id: 'one-more', qty: 1 })).toBe(false);
    // A line already there still grows.
    expect(cart.getState().add({ ...shirt, _id: 'p0', qty: 1 })).toBe(true);
    expect(cart.getState().lines).toHaveLength(100);
  });

  it('hands its lines over to a merge and empties itself in one step, reading what storage holds now', async () => {
    const { cart, storage } = await loadCart();
    cart.getState().add({ ...shirt, qty: 1 });
    // Another tab added a line a moment ago, and this tab has not heard yet.
    storage.setItem(
      'guestCart',
      JSON.stringify([
        { ...shirt, qty: 1 },
        { ...shirt, _id: 'p2', qty: 2 },
      ]),
    );
    expect(
      cart
        .getState()
        .take()
        .map((l) => l._id),
    ).toEqual(['p1', 'p2']);
    expect(cart.getState().lines).toEqual([]);
    expect(storage.getItem('guestCart')).toBeNull();
    expect(cart.getState().take()).toEqual([]);
  });

  it('starts from storage, keeping sane lines and dropping what is not a product', async () => {
    const { cart } = await loadCart({
      guestCart: JSON.stringify([
        { _id: 'p1', name: 'Shirt', price: 500, discount: 10, qty: 250, colour: 'Red', extra: 'x' },
        { name: 'no id' },
        null,
        'x',
      ]),
    });
    expect(cart.getState().lines).toEqual([{ ...shirt, qty: 99, colour: 'Red' }]);
    const broken = await loadCart({ guestCart: '{not json' });
    expect(broken.cart.getState().lines).toEqual([]);
  });

  it('follows changes made in another tab', async () => {
    const { cart, otherTab } = await loadCart();
    otherTab('guestCart', JSON.stringify([{ ...shirt, qty: 2 }]));
    expect(cart.getState().lines).toEqual([{ ...shirt, qty: 2 }]);
    otherTab('guestCart', null);
    expect(cart.getState().lines).toEqual([]);
  });
});
