import { useParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ListingView } from '../components/listing-view';
import { categoryPath } from '../lib/category-path';

const productCount = (n: number) => `${n} ${n === 1 ? 'product' : 'products'} found`;

/** /products and /categories/:category/:subCategory?/:option?/:subOption? */
export function ListingPage() {
  const { category, subCategory, option, subOption } = useParams();
  const path = [category, subCategory, option, subOption].filter((s): s is string => Boolean(s));
  const deepest = path[path.length - 1];
  useDocumentTitle(deepest ?? 'Products');

  const crumbs = deepest
    ? path.map((label, i) => ({ label, to: categoryPath(...path.slice(0, i + 1)) }))
    : [{ label: 'Products', to: '/products' }];

  return (
    <ListingView
      // A new category is a new listing: its slider and scroll start fresh.
      key={path.join('/')}
      crumbs={crumbs}
      heading={deepest ?? 'All Products'}
      scope={{ category, subCategory, option, subOption }}
      countText={productCount}
      gridClassName="grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
    />
  );
}
