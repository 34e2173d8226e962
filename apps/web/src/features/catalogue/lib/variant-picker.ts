import type { ProductVariant } from '@bazaar/shared/schemas/catalogue';

/** A shopper's choice so far: null where nothing is chosen yet. */
export interface VariantChoice {
  colour: string | null;
  size: string | null;
}

/** Whether a variant fits the choice (an option the variant does not have fits anything). */
function fits(v: ProductVariant, choice: VariantChoice): boolean {
  return (
    (choice.colour === null || v.colour === null || v.colour === choice.colour) &&
    (choice.size === null || v.size === null || v.size === choice.size)
  );
}

/**
 * The variant the choice names, once every option the product has is chosen (a product without
 * options has its one default variant); null while a choice is missing or names no variant on sale.
 */
export function chosenVariant(
  variants: readonly ProductVariant[],
  choice: VariantChoice,
  options: { colours: boolean; sizes: boolean },
): ProductVariant | null {
  if ((options.colours && choice.colour === null) || (options.sizes && choice.size === null)) return null;
  return variants.find((v) => fits(v, choice)) ?? null;
}

/** The sizes that cannot be bought with the chosen colour (none of its variants in stock, or none on sale). */
export function soldOutSizes(
  variants: readonly ProductVariant[],
  sizes: readonly string[],
  colour: string | null,
): Set<string> {
  return new Set(
    sizes.filter((size) => !variants.some((v) => v.inStock && fits(v, { colour, size }) && v.size === size)),
  );
}

/** The colours none of whose variants (in the chosen size, if any) is in stock. */
export function soldOutColours(
  variants: readonly ProductVariant[],
  colours: readonly string[],
  size: string | null,
): Set<string> {
  return new Set(
    colours.filter(
      (colour) => !variants.some((v) => v.inStock && fits(v, { colour, size }) && v.colour === colour),
    ),
  );
}

/** The picture for the choice: the chosen variant's own, else the first of the chosen colour's that has one. */
export function variantImage(variants: readonly ProductVariant[], choice: VariantChoice): string | null {
  const matching = variants.filter((v) => fits(v, choice) && (choice.colour === null || v.colour !== null));
  if (choice.colour === null && choice.size === null) return null;
  return matching.find((v) => v.image)?.image ?? null;
}
