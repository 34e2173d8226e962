import { z } from 'zod';
import { PRODUCT_PAGE_SIZE, PRODUCT_SORTS, RATING_MAX } from '../constants';
import { text } from './common';

/** A product as the API replies with it: the spec's field names, prices in rupees. */
export const productSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    description: z.string(),
    /** Rupees, before discount. */
    price: z.number(),
    /** Percent, 0..100. */
    discount: z.number().int(),
    /** Rupees, after discount: price − price × discount / 100. */
    salePrice: z.number(),
    rating: z.number(),
    numReviews: z.number().int(),
    countInStock: z.number().int(),
    inStock: z.boolean(),
    category: z.string(),
    subCategory: z.string().nullable(),
    option: z.string().nullable(),
    subOption: z.string().nullable(),
    brand: z.string(),
    material: z.string().nullable(),
    sizes: z.array(z.string()),
    colours: z.array(z.string()),
    /** URLs of the gallery images (the main image first). */
    images: z.array(z.string()),
    /** URL of the main image. */
    productImage: z.string().nullable(),
    tags: z.array(z.string()),
    sku: z.string().nullable(),
    seller: z.string().nullable(),
    madeIn: z.string().nullable(),
    isFeatured: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    dateAdded: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
export const productFacetsSchema = z
  .object({
    brand: z.array(facetValueSchema),
    material: z.array(facetValueSchema),
    colour: z.array(facetValueSchema),
    size: z.array(facetValueSchema),
    /** Count of products with rating at least 4, 3, 2 and 1 under the other filters. */
    rating: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
    /** Lowest and highest sale price (rupees) under the other filters; the slider's bounds. */
    price: z.object({ min: z.number(), max: z.number() }),
  })
  .meta({ id: 'ProductFacets' });
export type ProductFacets = z.infer<typeof productFacetsSchema>;

export const productListSchema = z
  .object({
    products: z.array(productSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    facets: productFacetsSchema,
    /**
     * Pass as `cursor` for the page after this one (null on the last page): unlike `page`, no
     * product added or removed meanwhile makes it skip or repeat one, and deep pages cost no more.
     */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof productListSchema>;

const listOf = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean))
  .optional();
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const rupees = z.coerce.number().min(0, 'must be 0 or more').max(10_000_000);

/** GET /products query: filters combine by AND; a repeated list criterion matches any of its values. */
export const productListQuerySchema = z
  .object({
    search: text().trim().max(100).optional(),
    category: text().max(100).optional(),
    subCategory: text().max(100).optional(),
    option: text().max(100).optional(),
    subOption: text().max(100).optional(),
    minPrice: rupees.optional(),
    maxPrice: rupees.optional(),
    rating: z.coerce.number().int().min(1).max(RATING_MAX).optional(),
    brand: listOf,
    material: listOf,
    colour: listOf,
    size: listOf,
    inStock: flag,
    onSale: flag,
    featured: flag,
    sort: z.enum(PRODUCT_SORTS).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    /** A `nextCursor` from an earlier reply with the same sort: the page just after it (`page` is only echoed). */
    cursor: z.string().max(1000).optional(),
    limit: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE.max).default(PRODUCT_PAGE_SIZE.default),
  })
  .strict();
export type ProductListQuery = z.input<typeof productListQuerySchema>;
/** The query after parsing: defaults applied, lists as arrays, flags as booleans. */
export type ProductListParams = z.output<typeof productListQuerySchema>;

/**
 * One colour-and-size combination a product is sold in (an active variant): what the product page's
 * picker shows. A product without options has one, with colour and size null.
 */
export const productVariantSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    colour: z.string().nullable(),
    size: z.string().nullable(),
    /** Rupees, before the product's discount: the variant's own price, or the product's. */
    price: z.number(),
    /** Rupees, after the product's discount. */
    salePrice: z.number(),
    countInStock: z.number().int(),
    inStock: z.boolean(),
    /** URL of the variant's own picture; null: the product's. */
    image: z.string().nullable(),
  })
  .meta({ id: 'ProductVariant' });
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productDetailSchema = z
  .object({
    product: productSchema,
    related: z.array(productSchema),
    /** The product's variants on sale, in the order its colours and sizes are listed. */
    variants: z.array(productVariantSchema),
  })
  .meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const subOptionSchema = z.object({ name: z.string() });
export const categoryOptionSchema = z.object({ name: z.string(), subOptions: z.array(subOptionSchema) });
export const subCategorySchema = z.object({ name: z.string(), options: z.array(categoryOptionSchema) });
export const categorySchema = z
  .object({ _id: z.string(), name: z.string(), subcategories: z.array(subCategorySchema) })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;
export const categoryTreeSchema = z.array(categorySchema);

/** Header search suggestions: the first few matching products, small. */
export const productSuggestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  salePrice: z.number(),
  productImage: z.string().nullable(),
});
export const productSuggestionsSchema = z.object({ suggestions: z.array(productSuggestionSchema) });
export type ProductSuggestions = z.infer<typeof productSuggestionsSchema>;
