import type { Product } from '@bazaar/shared/schemas/catalogue';

/** What the product form holds: text as typed (lists comma-separated), the featured box. */
export interface ProductFormValues {
  name: string;
  brand: string;
  category: string;
  subCategory: string;
  option: string;
  subOption: string;
  sku: string;
  price: string;
  discount: string;
  countInStock: string;
  seller: string;
  material: string;
  madeIn: string;
  /** HSN code and GST rate in percent: printed on tax invoices in GST mode. */
  hsn: string;
  gstRate: string;
  colours: string;
  sizes: string;
  tags: string;
  description: string;
  isFeatured: boolean;
}

/** The pictures as the form holds them: new files, and on edit which stored ones were removed. */
export interface ProductImagesState {
  mainFile: File | null;
  extraFiles: File[];
  mainRemoved: boolean;
  removedGallery: string[];
}

export const LIST_FIELDS = ['colours', 'sizes', 'tags'] as const;

export const emptyProductValues: ProductFormValues = {
  name: '',
  brand: '',
  category: '',
  subCategory: '',
  option: '',
  subOption: '',
  sku: '',
  price: '',
  discount: '0',
  countInStock: '0',
  seller: '',
  material: '',
  madeIn: '',
  hsn: '',
  gstRate: '18',
  colours: '',
  sizes: '',
  tags: '',
  description: '',
  isFeatured: false,
};

/** The form's values of a stored product (the admin's reply adds its tax fields). */
export function valuesOf(product: Product & { hsn?: string | null; gstRate?: number }): ProductFormValues {
  return {
    name: product.name,
    brand: product.brand,
    category: product.category,
    subCategory: product.subCategory ?? '',
    option: product.option ?? '',
    subOption: product.subOption ?? '',
    sku: product.sku ?? '',
    price: String(product.price),
    discount: String(product.discount),
    countInStock: String(product.countInStock),
    seller: product.seller ?? '',
    material: product.material ?? '',
    madeIn: product.madeIn ?? '',
    hsn: product.hsn ?? '',
    gstRate: product.gstRate === undefined ? '18' : String(product.gstRate),
    colours: product.colours.join(', '),
    sizes: product.sizes.join(', '),
    tags: product.tags.join(', '),
    description: product.description,
    isFeatured: product.isFeatured,
  };
}

export const splitList = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The multipart body the spec describes. Create: lists as repeated `tags[]`
 * entries, pictures main first. Edit: lists as comma strings, removeMainImage,
 * removedImages as a JSON list, then the new pictures (a new main one first). A product whose stock
 * is kept per variant (`stockPerVariant`) leaves countInStock out.
 */
export function productFormData(
  mode: 'create' | 'edit',
  values: ProductFormValues,
  images: ProductImagesState,
  hadMain: boolean,
  options: { stockPerVariant?: boolean } = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values) as [keyof ProductFormValues, string | boolean][]) {
    if ((LIST_FIELDS as readonly string[]).includes(key)) continue;
    // Stock kept per variant is not the form's to write: the server refuses a figure to spread.
    if (key === 'countInStock' && options.stockPerVariant) continue;
    form.append(key, typeof value === 'boolean' ? String(value) : value.trim());
  }
  for (const key of LIST_FIELDS) {
    if (mode === 'create') for (const item of splitList(values[key])) form.append(`${key}[]`, item);
    else form.append(key, splitList(values[key]).join(','));
  }
  if (mode === 'edit') {
    // A new main picture replaces the stored one.
    if (hadMain && (images.mainRemoved || images.mainFile)) form.append('removeMainImage', 'true');
    form.append('removedImages', JSON.stringify(images.removedGallery));
  }
  for (const file of [...(images.mainFile ? [images.mainFile] : []), ...images.extraFiles]) {
    form.append('productImages', file);
  }
  return form;
}
