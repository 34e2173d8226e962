import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '@/testing/browser-storage';

async function loadWishlist(stored: Record<string, string> = {}) {
  const browser = stubBrowserStorage(stored);
  const { useGuestWishlist } = await import('./guest-wishlist');
  return { wishlist: useGuestWishlist, ...browser };
}

const shirt = { _id: 'p1', name: 'Shirt', image: '/uploads/shirt.webp', price: 500, discount: 10 };

describe('guest wishlist', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the products under guestLikes without duplicates', async () => {
    const { wishlist, storage } = await loadWishlist();
    expect(wishlist.getState().add(shirt)).toBe(true);
    expect(wishlist.getState().add(shirt)).toBe(false);
    expect(JSON.parse(storage.getItem('guestLikes')!)).toEqual([shirt]);
    expect(wishlist.getState().has('p1')).toBe(true);
    wishlist.getState().remove('p1');
    expect(wishlist.getState().items).toEqual([]);
    expect(storage.getItem('guestLikes')).toBeNull();
  });

  it('starts from storage, dropping what is not a product', async () => {
    const { wishlist } = await loadWishlist({ guestLikes: JSON.stringify([shirt, { _id: '' }, 7]) });
    expect(wishlist.getState().items).toEqual([shirt]);
    const broken = await loadWishlist({ guestLikes: '{not json' });
    expect(broken.wishlist.getState().items).toEqual([]);
  });

  it('follows changes made in another tab', async () => {
    const { wishlist, otherTab } = await loadWishlist();
    otherTab('guestLikes', JSON.stringify([shirt]));
    expect(wishlist.getState().items).toEqual([shirt]);
    otherTab('guestLikes', null);
    expect(wishlist.getState().items).toEqual([]);
  });
});
