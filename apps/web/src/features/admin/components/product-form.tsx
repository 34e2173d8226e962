import type { Category, Product } from '@bazaar/shared/schemas/catalogue';
import { type ReactNode, useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useCategoryTree } from '../api/get-categories';
import {
  emptyProductValues,
  type ProductFormValues,
  type ProductImagesState,
  productFormData,
  splitList,
  valuesOf,
} from '../lib/product-form-data';
import { GenerateDescriptionButton } from './generate-description-button';
import { GalleryPicker, SingleImagePicker } from './image-picker';

type FieldName = keyof ProductFormValues;

function SelectField({
  label,
  error,
  options,
  registration,
  required,
  disabled,
}: {
  label: string;
  error?: string | undefined;
  options: readonly string[];
  registration: UseFormRegisterReturn;
  required?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-gray-700">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        className={inputClasses}
        {...registration}
      >
        <option value="">{required ? 'Select a category' : 'None'}</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The options at each level below the chosen path, from the category tree. */
function levelsOf(
  tree: Category[] | undefined,
  values: Pick<ProductFormValues, 'category' | 'subCategory' | 'option'>,
) {
  const category = tree?.find((c) => c.name === values.category);
  const sub = category?.subcategories.find((s) => s.name === values.subCategory);
  const option = sub?.options.find((o) => o.name === values.option);
  return {
    categories: tree?.map((c) => c.name) ?? [],
    subCategories: category?.subcategories.map((s) => s.name) ?? [],
    options: sub?.options.map((o) => o.name) ?? [],
    subOptions: option?.subOptions.map((o) => o.name) ?? [],
  };
}

const required = (label: string) => ({
  validate: (v: string | boolean) => String(v).trim() !== '' || `${label} is required`,
});

/**
 * The Create Product and Edit Product form: the spec's fields, the category
 * from the shop's tree, pictures with previews, and Generate with AI beside
 * the description. It hands the multipart body to `onSubmit`; server field
 * errors come back through `serverErrors`.
 */
export function ProductForm({
  mode,
  product,
  submitting,
  serverErrors,
  onSubmit,
  variantCount,
  children,
}: {
  mode: 'create' | 'edit';
  product?: Product & { hsn?: string | null; gstRate?: number };
  submitting: boolean;
  serverErrors: Record<string, string>;
  onSubmit(form: FormData): void;
  /**
   * How many variants the product has (edit). With more than one, stock is set per variant (the
   * matrix, the stock screen): the form shows the sum read-only and does not send it.
   */
  variantCount?: number | undefined;
  /** Shown above the buttons (Created At / Last Updated on edit). */
  children?: ReactNode;
}) {
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ProductFormValues>({ defaultValues: product ? valuesOf(product) : emptyProductValues });
  const tree = useCategoryTree();
  const [images, setImages] = useState<ProductImagesState>({
    mainFile: null,
    extraFiles: [],
    mainRemoved: false,
    removedGallery: [],
  });
  const storedMain = product?.productImage ?? null;
  const storedGallery = (product?.images ?? []).filter((url) => url !== storedMain);
  const levels = levelsOf(tree.data, watch());
  const error = (name: FieldName) => errors[name]?.message ?? serverErrors[name];
  const stockPerVariant = mode === 'edit' && (variantCount ?? 0) > 1;
  const text = (
    name: FieldName,
    label: string,
    options: { required?: boolean; type?: string; readOnly?: boolean; hint?: string } = {},
  ) => (
    <FormField
      label={options.required ? `${label} *` : label}
      type={options.type ?? 'text'}
      error={error(name)}
      aria-required={options.required || undefined}
      readOnly={options.readOnly}
      hint={options.hint}
      {...register(name, options.required ? required(label) : {})}
    />
  );
  // Choosing a higher level clears the levels below it.
  const clearBelow = (name: FieldName) => {
    const order: FieldName[] = ['category', 'subCategory', 'option', 'subOption'];
    for (const below of order.slice(order.indexOf(name) + 1)) setValue(below, '');
  };
  const levelRegistration = (name: FieldName, label: string, isRequired = false) => {
    const registration = register(name, isRequired ? required(label) : {});
    return {
      ...registration,
      onChange: async (event: { target: unknown; type?: unknown }) => {
        await registration.onChange(event);
        clearBelow(name);
      },
    };
  };

  // The category selects need their options before the form's values can select them.
  if (tree.isPending) return <Spinner size={32} label="Loading categories…" />;
  if (tree.isError) {
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(tree.error, 'Failed to fetch categories.')}
      </p>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit(
          productFormData(mode, values, images, storedMain !== null && !images.mainRemoved, {
            stockPerVariant,
          }),
        ),
      )}
      className="flex flex-col gap-6"
    >
      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-5 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Details</legend>
        {text('name', 'Product Name', { required: true })}
        {text('brand', 'Brand')}
        <SelectField
          label="Category"
          required
          error={error('category')}
          options={levels.categories}
          registration={levelRegistration('category', 'Category', true)}
        />
        <SelectField
          label="Subcategory"
          error={error('subCategory')}
          options={levels.subCategories}
          disabled={levels.subCategories.length === 0}
          registration={levelRegistration('subCategory', 'Subcategory')}
        />
        <SelectField
          label="Option"
          error={error('option')}
          options={levels.options}
          disabled={levels.options.length === 0}
          registration={levelRegistration('option', 'Option')}
        />
        <SelectField
          label="Suboption"
          error={error('subOption')}
          options={levels.subOptions}
          disabled={levels.subOptions.length === 0}
          registration={levelRegistration('subOption', 'Suboption')}
        />
        {text('sku', 'SKU')}
        {text('price', 'Price (₹)', { required: true, type: 'number' })}
        {text('discount', 'Discount (%)', { type: 'number' })}
        {text(
          'countInStock',
          'Count In Stock',
          stockPerVariant
            ? {
                readOnly: true,
                hint: `The sum of its ${variantCount} variants: set stock per variant below or on the Stock screen`,
              }
            : { type: 'number' },
        )}
        {text('seller', 'Seller')}
        {text('material', 'Material')}
        {text('madeIn', 'Made In')}
        {text('hsn', 'HSN code')}
        {text('gstRate', 'GST rate (%)')}
        {text('colours', 'Colours (comma-separated)')}
        {text('sizes', 'Sizes (comma-separated)')}
        {text('tags', 'Tags (comma-separated)')}
        <div className="sm:col-span-2">
          <div className="mb-1 flex items-center justify-between gap-2">
            <label htmlFor="product-description" className="text-sm text-gray-700">
              Description{mode === 'create' ? ' *' : ''}
            </label>
            <GenerateDescriptionButton
              facts={() => {
                const v = getValues();
                const optional = (s: string) => s.trim() || undefined;
                return {
                  name: v.name.trim(),
                  brand: v.brand.trim(),
                  category: optional(v.category),
                  subCategory: optional(v.subCategory),
                  material: optional(v.material),
                  madeIn: optional(v.madeIn),
                  seller: optional(v.seller),
                  colours: splitList(v.colours),
                  sizes: splitList(v.sizes),
                  tags: splitList(v.tags),
                };
              }}
              onDescription={(description) =>
                setValue('description', description, { shouldDirty: true, shouldValidate: true })
              }
            />
          </div>
          <textarea
            id="product-description"
            rows={6}
            aria-required={mode === 'create' || undefined}
            aria-invalid={error('description') ? true : undefined}
            aria-describedby={error('description') ? 'product-description-error' : undefined}
            className={inputClasses}
            {...register('description', mode === 'create' ? required('Description') : {})}
          />
          {error('description') ? (
            <p id="product-description-error" role="alert" className="mt-1 text-sm text-red-700">
              {error('description')}
            </p>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="size-4 accent-brand" {...register('isFeatured')} />
          Mark as Featured
        </label>
      </fieldset>

      <fieldset className="grid gap-6 rounded-lg border border-gray-200 bg-white p-5 md:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Images</legend>
        <SingleImagePicker
          label="Main Image"
          currentUrl={images.mainRemoved ? null : storedMain}
          file={images.mainFile}
          onFile={(file) => setImages((s) => ({ ...s, mainFile: file }))}
          onRemoveCurrent={() => setImages((s) => ({ ...s, mainRemoved: true }))}
        />
        <GalleryPicker
          label="Additional Images"
          existing={storedGallery.filter((url) => !images.removedGallery.includes(url))}
          onRemoveExisting={(url) => setImages((s) => ({ ...s, removedGallery: [...s.removedGallery, url] }))}
          files={images.extraFiles}
          onFiles={(files) => setImages((s) => ({ ...s, extraFiles: files }))}
        />
        {serverErrors.productImages ? (
          <p role="alert" className="text-sm text-red-700 md:col-span-2">
            {serverErrors.productImages}
          </p>
        ) : null}
      </fieldset>

      {children}
      <div>
        <Button type="submit" size="lg" loading={submitting}>
          {mode === 'create' ? 'Create Product' : 'Update Product'}
        </Button>
      </div>
    </form>
  );
}
