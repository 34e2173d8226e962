import type { ImportProblem, ProductCsvRow } from '@bazaar/shared';
import type { DbOrTx } from '../../db/client';
import type { FileRow } from './product-file';
import {
  findCategoryTree,
  findProducts,
  findVariantsBySku,
  findVariantsOf,
  type ProductRecord,
  type VariantRecord,
} from './product-import.repo';

/** The columns a product's rows must agree on (the first of its rows is the one written). */
const PRODUCT_FIELDS = [
  'product_sku',
  'name',
  'description',
  'brand',
  'category',
  'sub_category',
  'option',
  'sub_option',
  'price',
  'discount',
  'hsn',
  'gst_rate',
  'material',
  'made_in',
  'seller',
  'tags',
  'featured',
] as const satisfies readonly (keyof ProductCsvRow)[];

export interface PlannedProduct {
  /** The shop's product, or undefined for one the import creates. */
  existing: ProductRecord | undefined;
  /** Its variants before the import. */
  variants: VariantRecord[];
  rows: FileRow[];
  /** The category path as the shop's tree spells it. */
  path: { category: string; subCategory: string | null; option: string | null; subOption: string | null };
}

export type ImportPlan = { products: PlannedProduct[] } | { problems: ImportProblem[] };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Colours are compared without case (the product form lower-cases them; older rows may not be). */
export const comboKey = (r: { colour: string | null; size: string | null }) =>
  `${r.colour?.toLowerCase() ?? ''}\u0000${r.size ?? ''}`;

/**
 * Checks the parsed rows against each other and the shop, and groups them into products: a row whose
 * SKU the shop knows updates that variant (of its product); a new SKU joins the product its
 * product_sku names, or a new one. Every problem is reported with its line; nothing is written here.
 */
export async function planImport(db: DbOrTx, rows: FileRow[]): Promise<ImportPlan> {
  const problems: ImportProblem[] = [];
  const problem = (line: number, message: string) => problems.push({ line, message });

  const skus = rows.map((r) => r.row.sku);
  const productSkus = [...new Set(rows.map((r) => r.row.product_sku).filter((s): s is string => !!s))];
  const [known, productsBySku, tree] = await Promise.all([
    findVariantsBySku(db, skus),
    findProducts(db, 'sku', productSkus),
    findCategoryTree(db),
  ]);
  const variantBySku = new Map(known.map((k) => [k.variant.sku, k]));
  const productBySku = new Map(productsBySku.map((p) => [p.sku!, p]));
  const ownerIds = [...new Set(known.map((k) => k.variant.productId))];
  const owners = new Map((await findProducts(db, 'id', ownerIds)).map((p) => [p.id, p]));

  // Rows by product: "id:<uuid>" for the shop's products, "new:<product_sku>" for new ones.
  const groups = new Map<string, { existing: ProductRecord | undefined; rows: FileRow[] }>();
  for (const fileRow of rows) {
    const { line, row } = fileRow;
    const found = variantBySku.get(row.sku);
    const named = row.product_sku ? productBySku.get(row.product_sku) : undefined;
    let key: string;
    let existing: ProductRecord | undefined;
    if (found) {
      if (found.archived) {
        problem(line, `SKU ${row.sku} belongs to a deleted product`);
        continue;
      }
      existing = owners.get(found.variant.productId);
      if (named && named.id !== existing?.id) {
        problem(line, `SKU ${row.sku} belongs to "${existing?.name}", not to product_sku ${row.product_sku}`);
        continue;
      }
      if (comboKey(found.variant) !== comboKey(row)) {
        const was =
          [found.variant.colour, found.variant.size].filter(Boolean).join('/') || 'no colour or size';
        problem(
          line,
          `SKU ${row.sku} is ${was} in the shop; an import cannot change a variant's colour or size`,
        );
        continue;
      }
      key = `id:${existing!.id}`;
    } else if (named) {
      if (named.archivedAt) {
        problem(line, `product_sku ${row.product_sku} belongs to a deleted product`);
        continue;
      }
      existing = named;
      key = `id:${named.id}`;
    } else if (row.product_sku) {
      key = `new:${row.product_sku.toLowerCase()}`;
    } else {
      problem(line, `SKU ${row.sku} is new: give its product_sku so it joins (or makes) a product`);
      continue;
    }
    const group = groups.get(key) ?? { existing, rows: [] };
    group.rows.push(fileRow);
    groups.set(key, group);
  }

  const variantsByProduct = new Map<string, VariantRecord[]>();
  const existingIds = [...groups.values()].flatMap((g) => (g.existing ? [g.existing.id] : []));
  for (const v of await findVariantsOf(db, existingIds)) {
    variantsByProduct.set(v.productId, [...(variantsByProduct.get(v.productId) ?? []), v]);
  }

  const planned: PlannedProduct[] = [];
  for (const { existing, rows: group } of groups.values()) {
    const [first, ...rest] = group;
    const head = first!.row;
    for (const { line, row } of rest) {
      const differs = PRODUCT_FIELDS.filter((f) => !same(row[f], head[f]));
      if (differs.length)
        problem(
          line,
          `Product columns differ from line ${first!.line} for the same product: ${differs.join(', ')}`,
        );
    }
    if (existing && head.product_sku && head.product_sku !== existing.sku) {
      const holder = productBySku.get(head.product_sku);
      if (holder && holder.id !== existing.id)
        problem(first!.line, `product_sku ${head.product_sku} is already another product's`);
    }
    // Either every variant of a product has a colour or none has; the same for sizes.
    const variants = existing ? (variantsByProduct.get(existing.id) ?? []) : [];
    const all = [
      ...variants.filter((v) => !group.some((g) => g.row.sku === v.sku)),
      ...group.map((g) => g.row),
    ];
    for (const option of ['colour', 'size'] as const) {
      const some = all.filter((v) => v[option] !== null).length;
      if (some > 0 && some < all.length)
        problem(first!.line, `Give every variant of "${head.name}" a ${option}, or none of them`);
    }
    const combos = new Map<string, string>();
    for (const v of variants) combos.set(comboKey(v), v.sku);
    for (const { line, row } of group) {
      const holder = combos.get(comboKey(row));
      if (holder && holder !== row.sku) {
        const what = [row.colour, row.size].filter(Boolean).join('/') || 'default';
        problem(line, `"${head.name}" already has the ${what} variant, as SKU ${holder}`);
      }
      combos.set(comboKey(row), row.sku);
    }
    const path = categoryPath(tree, head);
    if (typeof path === 'string') problem(first!.line, path);
    else planned.push({ existing, variants, rows: group, path });
  }
  problems.sort((a, b) => a.line - b.line);
  return problems.length ? { problems } : { products: planned };
}

type Node = Awaited<ReturnType<typeof findCategoryTree>>[number];

/** The row's category levels as the tree spells them, or why they name nothing in it. */
function categoryPath(tree: Node[], row: ProductCsvRow): PlannedProduct['path'] | string {
  const levels = [row.category, row.sub_category, row.option, row.sub_option];
  const labels = ['category', 'sub_category', 'option', 'sub_option'];
  const names: string[] = [];
  let parentId: string | null = null;
  for (const [depth, wanted] of levels.entries()) {
    if (!wanted) {
      if (levels.slice(depth + 1).some(Boolean)) return `${labels[depth]} is required below it`;
      break;
    }
    const node = tree.find(
      (n) => n.depth === depth && n.parentId === parentId && n.name.toLowerCase() === wanted.toLowerCase(),
    );
    if (!node) {
      const within = names.length ? ` under ${names.join(' › ')}` : '';
      return `${labels[depth]} "${wanted}" is not one of the shop's categories${within}`;
    }
    names.push(node.name);
    parentId = node.id;
  }
  return {
    category: names[0]!,
    subCategory: names[1] ?? null,
    option: names[2] ?? null,
    subOption: names[3] ?? null,
  };
}
