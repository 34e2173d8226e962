import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListingFilters } from './use-listing-filters';

/** The hook inside a memory router at `path`; `query()` is the address's query as sorted pairs. */
function renderFilters(path: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] });
    return <RouterProvider router={router} />;
  };
  const { result } = renderHook(() => useListingFilters(), { wrapper });
  return { result, query: () => [...new URLSearchParams(router!.state.location.search)].sort() };
}

describe('useListingFilters', () => {
  it('reads the filters from the address, dropping what the API would refuse', () => {
    const { result } = renderFilters('/products?brand=Loom&brand=Loom&rating=9&minPrice=-3&sort=odd&page=0');
    expect(result.current.filters).toMatchObject({
      brand: ['Loom'],
      rating: undefined,
      minPrice: undefined,
      sort: 'featured',
      page: 1,
    });
    expect(result.current.active).toBe(true);
  });

  it('keeps both values when two are ticked before the address has rendered the first', () => {
    const { result, query } = renderFilters('/products');
    act(() => {
      result.current.toggleValue('brand', 'Loom');
      result.current.toggleValue('brand', 'Weave');
    });
    expect(query()).toEqual([
      ['brand', 'Loom'],
      ['brand', 'Weave'],
    ]);
    act(() => result.current.toggleValue('brand', 'Loom'));
    expect(query()).toEqual([['brand', 'Weave']]);
  });

  it('starts again at page 1 on any change but paging', () => {
    const { result, query } = renderFilters('/products?page=3&sort=rating');
    act(() => result.current.setFlag('inStock', true));
    expect(query()).toEqual([
      ['inStock', 'true'],
      ['sort', 'rating'],
    ]);
    act(() => result.current.setPage(2));
    expect(query()).toContainEqual(['page', '2']);
    act(() => result.current.setPrice(100, undefined));
    expect(query()).toEqual([
      ['inStock', 'true'],
      ['minPrice', '100'],
      ['sort', 'rating'],
    ]);
  });

  it('clears the filters and keeps the sort', () => {
    const { result, query } = renderFilters(
      '/products?colour=red&size=M&maxPrice=500&onSale=true&sort=newest',
    );
    act(() => result.current.clearFilters());
    expect(query()).toEqual([['sort', 'newest']]);
    expect(result.current.active).toBe(false);
  });
});
