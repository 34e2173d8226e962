import type { Category } from '@bazaar/shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { categoryNames } from './category-names';

const tree: Category[] = [
  {
    _id: '1',
    name: 'Electronics',
    subcategories: [
      { name: 'Phones', options: [{ name: 'Smart Phones', subOptions: [{ name: 'Android' }] }] },
    ],
  },
];

describe('categoryNames', () => {
  it('gives the tree’s spelling of a path typed in any case', () => {
    expect(categoryNames(tree, ['electronics'])).toEqual(['Electronics']);
    expect(categoryNames(tree, ['ELECTRONICS', 'phones', 'smart phones', 'android'])).toEqual([
      'Electronics',
      'Phones',
      'Smart Phones',
      'Android',
    ]);
    expect(categoryNames(tree, [])).toEqual([]);
  });

  it('is undefined for a path the tree does not hold', () => {
    expect(categoryNames(tree, ['Furniture'])).toBeUndefined();
    expect(categoryNames(tree, ['Electronics', 'Laptops'])).toBeUndefined();
    expect(categoryNames(tree, ['Electronics', 'Phones', 'Smart Phones', 'iOS'])).toBeUndefined();
  });
});
