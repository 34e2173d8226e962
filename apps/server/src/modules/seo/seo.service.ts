import type { Category } from '@bazaar/shared';
import type { Db } from '../../db/client';
import type { CategoriesService } from '../catalogue/index';
import { countLiveProducts, findSitemapProducts } from './sitemap.repo';

export interface SeoServiceDeps {
  db: Db;
  config: { publicUrl: string };
  categories: CategoriesService;
}

/** The sitemaps protocol's limit of addresses in one file. */
export const SITEMAP_PAGE_SIZE = 50_000;

/** Storefront pages that are private or only forms: crawlers are asked to leave them. */
const PRIVATE_PATHS = [
  '/admin',
  '/iamadmin',
  '/profile',
  '/orders',
  '/checkout',
  '/cart/checkout',
  '/reset-password/',
];

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const urlSet = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

/** Every listing path of the tree, each depth: /categories/A, /categories/A/B, … */
function categoryPaths(tree: Category[]): string[][] {
  const paths: string[][] = [];
  for (const c of tree) {
    paths.push([c.name]);
    for (const s of c.subcategories) {
      paths.push([c.name, s.name]);
      for (const o of s.options) {
        paths.push([c.name, s.name, o.name]);
        for (const so of o.subOptions) paths.push([c.name, s.name, o.name, so.name]);
      }
    }
  }
  return paths;
}

/**
 * robots.txt and the sitemaps: the home page, the listings of every category depth, and every live
 * product. Up to 50,000 products fit in /sitemap.xml itself; a larger catalogue gets a sitemap index
 * there, pointing at /sitemaps/pages.xml and /sitemaps/products-N.xml of 50,000 each.
 */
export class SeoService {
  constructor(private readonly deps: SeoServiceDeps) {}

  private url(path: string): string {
    return `${this.deps.config.publicUrl.replace(/\/$/, '')}${path}`;
  }

  private entry(path: string, lastModified?: Date): string {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeXml(this.url(path))}</loc>${lastmod}</url>`;
  }

  robots(): string {
    return [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.url('/sitemap.xml')}`,
      '',
    ].join('\n');
  }

  private async pageEntries(): Promise<string[]> {
    const tree = await this.deps.categories.tree();
    return [
      this.entry('/'),
      this.entry('/products'),
      ...categoryPaths(tree).map((path) =>
        this.entry(`/categories/${path.map(encodeURIComponent).join('/')}`),
      ),
    ];
  }

  private async productEntries(page: number): Promise<string[]> {
    const rows = await findSitemapProducts(this.deps.db, (page - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
    return rows.map((row) => this.entry(`/product/${row.id}`, row.updatedAt));
  }

  /** /sitemap.xml: every address, or the index of the sitemap files when they do not fit in one. */
  async sitemap(): Promise<string> {
    const products = await countLiveProducts(this.deps.db);
    if (products <= SITEMAP_PAGE_SIZE) {
      return urlSet([...(await this.pageEntries()), ...(await this.productEntries(1))]);
    }
    const files = ['/sitemaps/pages.xml'];
    for (let page = 1; (page - 1) * SITEMAP_PAGE_SIZE < products; page++)
      files.push(`/sitemaps/products-${page}.xml`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((path) => `  <sitemap><loc>${escapeXml(this.url(path))}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  }

  /** /sitemaps/pages.xml: the home page and the listings. */
  async pagesSitemap(): Promise<string> {
    return urlSet(await this.pageEntries());
  }

  /** /sitemaps/products-N.xml; undefined past the last page. */
  async productsSitemap(page: number): Promise<string | undefined> {
    const entries = await this.productEntries(page);
    return entries.length > 0 || page === 1 ? urlSet(entries) : undefined;
  }
}
