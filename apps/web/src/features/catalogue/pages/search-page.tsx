import { useParams } from 'react-router';
import type { PageLoader } from '@/lib/page-data';
import { PageMeta } from '@/lib/page-meta';
import { productsQueryOptions } from '../api/get-products';
import { ListingView, listingParams } from '../components/listing-view';
import { readFilters } from '../hooks/use-listing-filters';
import { searchPath } from '../lib/search-path';

const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export const loader: PageLoader = async ({ params, url, queryClient }) => {
  const term = (params.searchTerm ?? '').trim();
  await queryClient.prefetchQuery(
    productsQueryOptions(listingParams({ search: term }, readFilters(url.searchParams))),
  );
  return undefined;
};

/** /search/:searchTerm: products whose name or category holds the term. */
export function SearchPage() {
  const { searchTerm = '' } = useParams();
  const term = searchTerm.trim();
  const path = searchPath(term) ?? '/search/';
  return (
    <>
      <PageMeta
        title={term ? `Search: ${term}` : 'Search Items'}
        description={`Products at Bazaar matching “${term}”, priced in rupees.`}
        canonicalPath={path}
      />
      <ListingView
        key={term}
        crumbs={[{ label: `Search: ${term}`, to: path }]}
        heading="Search Items"
        scope={{ search: term }}
        countText={itemCount}
        gridClassName="grid-cols-1 sm:grid-cols-2 xl:grid-cols-4"
      />
    </>
  );
}
