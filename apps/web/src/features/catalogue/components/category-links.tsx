import { Link } from 'react-router';
import { useCategories } from '../api/get-categories';
import { categoryPath } from '../lib/category-path';

/** The top-level categories as a plain list of links (the mobile menu's), each item rendered by the caller. */
export function CategoryLinks({
  itemClassName,
  onNavigate,
}: {
  itemClassName: string;
  onNavigate?: () => void;
}) {
  const categories = useCategories().data ?? [];
  return (
    <>
      {categories.map((category) => (
        <li key={category._id}>
          <Link to={categoryPath(category.name)} className={itemClassName} onClick={onNavigate}>
            {category.name}
          </Link>
        </li>
      ))}
    </>
  );
}
