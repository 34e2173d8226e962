import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '@/components/ui/not-found';
import { notFound, type PageLoader } from '@/lib/page-data';
import { PageMeta } from '@/lib/page-meta';
import { categoriesQueryOptions, useCategories } from '../api/get-categories';
import { productsQueryOptions } from '../api/get-products';
import { ListingView, listingParams } from '../components/listing-view';
import { readFilters } from '../hooks/use-listing-filters';
import { categoryNames } from '../lib/category-names';
import { categoryPath } from '../lib/category-path';

const productCount = (n: number) => `${n} ${n === 1 ? 'product' : 'products'} found`;

type Segments = Readonly<Record<string, string | undefined>>;

const pathOf = ({ category, subCategory, option, subOption }: Segments) =>
  [category, subCategory, option, subOption].filter((s): s is string => Boolean(s));

const scopeOf = ({ category, subCategory, option, subOption }: Segments) => ({
  category,
  subCategory,
  option,
  subOption,
});

/** The page of products and the category tree; a category path the tree does not hold is a 404. */
export const loader: PageLoader = async ({ params, url, queryClient }) => {
  const path = pathOf(params);
  const products = queryClient.prefetchQuery(
    productsQueryOptions(listingParams(scopeOf(params), readFilters(url.searchParams))),
  );
  const tree = await queryClient.fetchQuery(categoriesQueryOptions()).catch(() => undefined);
  await products;
  return tree && !categoryNames(tree, path) ? notFound() : undefined;
};

/** /products and /categories/:category/:subCategory?/:option?/:subOption? */
export function ListingPage() {
  const params = useParams();
  const typed = pathOf(params);
  const tree = useCategories().data;
  // The tree's own spelling ('Electronics' for /categories/electronics), the URL's until it loads.
  const names = tree && categoryNames(tree, typed);
  const path = names || typed;
  const deepest = path.at(-1);
  const page = Number(useSearchParams()[0].get('page')) || 1;

  const crumbs = deepest
    ? path.map((label, i) => ({ label, to: categoryPath(...path.slice(0, i + 1)) }))
    : [{ label: 'Products', to: '/products' }];
  const here = deepest ? categoryPath(...path) : '/products';

  if (tree && !names) return <NotFound />;
  return (
    <>
      <PageMeta
        title={deepest ? path.toReversed().join(' – ') : 'Products'}
        description={
          deepest
            ? `Shop ${path.join(' › ')} at Bazaar: compare prices in rupees, filter by brand, size and rating.`
            : 'Every product at Bazaar: filter by price, brand, material, colour, size and rating.'
        }
        canonicalPath={page > 1 ? `${here}?page=${page}` : here}
      />
      <ListingView
        // A new category is a new listing: its slider and scroll start fresh.
        key={typed.join('/').toLowerCase()}
        crumbs={crumbs}
        heading={deepest ?? 'All Products'}
        scope={scopeOf(params)}
        countText={productCount}
        gridClassName="grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
      />
    </>
  );
}
