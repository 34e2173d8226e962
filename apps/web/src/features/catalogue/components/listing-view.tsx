import { PRODUCT_PAGE_SIZE } from '@bazaar/shared/constants';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { type ProductsParams, useProducts } from '../api/get-products';
import { type ListingFilters, useListingFilters } from '../hooks/use-listing-filters';
import { Breadcrumb, type Crumb } from './breadcrumb';
import { FilterPanel } from './filter-panel';
import { Pagination } from './pagination';
import { ProductCard } from './product-card';
import { SortSelect } from './sort-select';

export interface ListingViewProps {
  crumbs: Crumb[];
  heading: string;
  /** What the listing is limited to before the shopper's filters: a category path or a search term. */
  scope: Pick<ProductsParams, 'category' | 'subCategory' | 'option' | 'subOption' | 'search'>;
  /** The count line under the heading. */
  countText: (total: number) => string;
  /** Grid classes: the listing has 2/3/4 columns, search results 1/2/4. */
  gridClassName: string;
}

/** The products query of a listing: its scope, the shopper's filters, one page. */
export const listingParams = (scope: ListingViewProps['scope'], filters: ListingFilters): ProductsParams => ({
  ...scope,
  ...filters,
  limit: PRODUCT_PAGE_SIZE.default,
});

/** A server-paged product listing whose filters, sort and page all live in the URL. */
export function ListingView({ crumbs, heading, scope, countText, gridClassName }: ListingViewProps) {
  const controls = useListingFilters();
  const { filters } = controls;
  const query = useProducts(listingParams(scope, filters), { keepPrevious: true });
  const data = query.data;
  const top = useRef<HTMLDivElement>(null);

  // A new page starts at the top of the results, not where the pager was.
  const page = filters.page;
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    top.current?.scrollIntoView({ block: 'start' });
  }, [page]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <Breadcrumb crumbs={crumbs} />
      <div ref={top} className="mt-6 flex scroll-mt-4 flex-col gap-8 lg:flex-row lg:gap-10">
        <FilterPanel facets={data?.facets} controls={controls} />
        <section aria-labelledby="listing-heading" className="min-w-0 flex-1">
          <div className="flex flex-wrap items-end justify-between gap-4 border-b border-gray-200 pb-4">
            <div>
              <h1 id="listing-heading" className="text-2xl font-semibold md:text-3xl">
                {heading}
              </h1>
              <p className="mt-1 text-sm text-gray-600" aria-live="polite">
                {data ? (data.total > 0 ? countText(data.total) : '') : ' '}
              </p>
            </div>
            <SortSelect value={filters.sort} onChange={controls.setSort} />
          </div>

          {query.isPending ? (
            <div className="flex justify-center py-24">
              <Spinner size={32} label="Loading products" />
            </div>
          ) : query.isError ? (
            <div className="py-24 text-center" role="alert">
              <p className="text-lg">The products could not be loaded.</p>
              <button
                type="button"
                onClick={() => query.refetch()}
                className={buttonClasses('outline', 'md', 'mt-6')}
              >
                Try again
              </button>
            </div>
          ) : data && data.products.length === 0 ? (
            controls.active ? (
              <div className="py-24 text-center">
                <p className="text-lg">No products match your filters</p>
                <button
                  type="button"
                  onClick={controls.clearFilters}
                  className={buttonClasses('primary', 'md', 'mt-6')}
                >
                  Clear Filters
                </button>
              </div>
            ) : (
              <div className="py-24 text-center">
                <p className="text-lg">No products found</p>
                <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
                  Browse Products
                </Link>
              </div>
            )
          ) : data ? (
            <>
              {/* The cards' names are h3s: this keeps the outline h1 → h2 → h3. */}
              <h2 className="sr-only">Products</h2>
              <ul
                aria-label="Products"
                aria-busy={query.isPlaceholderData}
                className={`mt-8 grid gap-x-6 gap-y-10 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''} ${gridClassName}`}
              >
                {data.products.map((product, i) => (
                  <li key={product._id}>
                    <ProductCard product={product} eager={i < 4} />
                  </li>
                ))}
              </ul>
              <Pagination page={data.page} pages={data.pages} onPage={controls.setPage} />
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}
