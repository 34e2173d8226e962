import { memo, useMemo } from 'react';
import { Deferred, DeferredPart } from '@/components/deferred';
import type { PageLoader } from '@/lib/page-data';
import { PageMeta } from '@/lib/page-meta';
import { categoriesQueryOptions, useCategories } from '../api/get-categories';
import { type ProductsParams, productCardsQueryOptions, useProductCards } from '../api/get-products';
import { BannerCarousel } from '../components/banner-carousel';
import { CategoryPanel } from '../components/category-panel';
import { FeaturedCarousel } from '../components/featured-carousel';
import { ProductRow } from '../components/product-row';
import { endOfDayIn } from '../lib/flash-sale';

// Below the fold, and needing no code for the first paint or the first click: the server renders
// the promises, and they hydrate once their chunk (started with this page's) is here (issue 27).
const promises = new DeferredPart<object>(() => import('../components/promises').then((m) => m.Promises));
void promises.preload();
const NO_PROPS = {};

// Memoised: the page re-renders as its queries settle, and React would give up hydrating the
// server's HTML of a part whose chunk is not here yet for its placeholder. The placeholder keeps
// the part's room for a page the browser renders before the chunk is here.
const Promises = memo(function Promises() {
  return <Deferred part={promises} props={NO_PROPS} placeholder={<div className="h-72" />} />;
});

const ROWS = {
  featured: { featured: true, limit: 5 },
  deals: { onSale: true, sort: 'featured', limit: 16 },
  bestSelling: { sort: 'rating', limit: 12 },
  explore: { sort: 'newest', limit: 16 },
} as const satisfies Record<string, ProductsParams>;

export const loader: PageLoader = async ({ queryClient }) => {
  await Promise.all([
    queryClient.prefetchQuery(categoriesQueryOptions()),
    ...Object.values(ROWS).map((params) => queryClient.prefetchQuery(productCardsQueryOptions(params))),
  ]);
  return undefined;
};

export function HomePage() {
  const categories = useCategories();
  const featured = useProductCards(ROWS.featured);
  const deals = useProductCards(ROWS.deals);
  const bestSelling = useProductCards(ROWS.bestSelling);
  const explore = useProductCards(ROWS.explore);
  // The flash sale runs to the end of the third day from today, on the shopper's clock.
  const deadline = useMemo(() => endOfDayIn(3), []);
  // Biggest discount first: the deepest deals lead the row.
  const topDeals = useMemo(
    () =>
      deals.data &&
      [...deals.data.products].sort((a, b) => b.discount - a.discount || a.salePrice - b.salePrice),
    [deals.data],
  );

  return (
    <>
      <PageMeta
        title="Shop fashion, electronics and more"
        description="Bazaar: fashion, electronics, home and lifestyle at fair prices in rupees, with flash sales, free delivery over ₹140 and 30-day returns."
        canonicalPath="/"
      />
      <h1 className="sr-only">Bazaar</h1>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 pt-4 md:grid-cols-[14rem_1fr] md:gap-10 md:pt-0">
        <div className="min-w-0 md:border-r md:border-gray-200 md:pr-4 md:pt-10">
          <CategoryPanel categories={categories.data} loading={categories.isPending} />
        </div>
        <div className="min-w-0 md:pt-10">
          <FeaturedCarousel products={featured.data?.products} loading={featured.isPending} />
        </div>
      </div>
      <ProductRow
        tag="Top Deals"
        title="Flash Sales"
        products={topDeals}
        loading={deals.isPending}
        deadline={deadline}
        viewAll
      />
      <ProductRow
        tag="This Month"
        title="Best Selling Products"
        products={bestSelling.data?.products}
        loading={bestSelling.isPending}
      />
      <BannerCarousel />
      <ProductRow
        tag="Our Products"
        title="Explore Our Products"
        products={explore.data?.products}
        loading={explore.isPending}
        grid
        viewAll
      />
      <Promises />
    </>
  );
}
