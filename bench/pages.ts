/** The storefront pages every web bench measures: the six, found on the demo catalogue. */
export interface BenchPage {
  name: string;
  path: string;
}

export async function storefrontPages(baseUrl: string): Promise<BenchPage[]> {
  const list = (await (await fetch(`${baseUrl}/api/products?limit=1&sort=rating`)).json()) as {
    products: { _id: string; category: string }[];
  };
  const product = list.products[0];
  if (!product) throw new Error('The shop has no products: start it with the demo data.');
  return [
    { name: 'home', path: '/' },
    { name: 'products', path: '/products' },
    { name: 'category', path: `/categories/${encodeURIComponent(product.category)}` },
    { name: 'product', path: `/product/${product._id}` },
    { name: 'search', path: '/search/shirt' },
    { name: 'login', path: '/login' },
  ];
}

/** The built shop's URL: BENCH_URL (a shop already running), or the one the bench starts. */
export const benchUrlFromEnv = () => process.env.BENCH_URL?.replace(/\/$/, '');

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The median of a list of numbers (the middle one, or the mean of the two middle ones). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
