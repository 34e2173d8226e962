import type { Category } from '@bazaar/shared/schemas/catalogue';

/**
 * The category tree's own names for the path's segments, matched as the API matches them (case
 * ignored): `electronics/phones` → ['Electronics', 'Phones']. Undefined when the tree has no such path.
 */
export function categoryNames(tree: readonly Category[], segments: readonly string[]): string[] | undefined {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const [category, subCategory, option, subOption] = segments;
  if (category === undefined) return [];
  const c = tree.find((node) => same(node.name, category));
  if (!c) return undefined;
  if (subCategory === undefined) return [c.name];
  const s = c.subcategories.find((node) => same(node.name, subCategory));
  if (!s) return undefined;
  if (option === undefined) return [c.name, s.name];
  const o = s.options.find((node) => same(node.name, option));
  if (!o) return undefined;
  if (subOption === undefined) return [c.name, s.name, o.name];
  const so = o.subOptions.find((node) => same(node.name, subOption));
  return so ? [c.name, s.name, o.name, so.name] : undefined;
}
