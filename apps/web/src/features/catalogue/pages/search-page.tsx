import { useParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ListingView } from '../components/listing-view';
import { searchPath } from '../lib/search-path';

const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** /search/:searchTerm: products whose name or category holds the term. */
export function SearchPage() {
  const { searchTerm = '' } = useParams();
  const term = searchTerm.trim();
  useDocumentTitle(term ? `Search: ${term}` : 'Search Items');
  return (
    <ListingView
      key={term}
      crumbs={[{ label: `Search: ${term}`, to: searchPath(term) ?? '/search/' }]}
      heading="Search Items"
      scope={{ search: term }}
      countText={itemCount}
      gridClassName="grid-cols-1 sm:grid-cols-2 xl:grid-cols-4"
    />
  );
}
