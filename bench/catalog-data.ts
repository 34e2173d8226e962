import type { products } from '../apps/server/src/db/schema/catalogue';

type ProductInsert = typeof products.$inferInsert;

/** A small deterministic generator (mulberry32), so every run builds the same catalogue. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  /** Earlier entries more often, as real brand popularity is. */
  const skewed = <T>(xs: readonly T[]): T => xs[Math.floor(next() ** 2 * xs.length)]!;
  const some = <T>(xs: readonly T[], max: number): T[] => {
    const n = int(0, max);
    return [...new Set(Array.from({ length: n }, () => pick(xs)))];
  };
  return { next, int, pick, skewed, some };
}

const TREE: Record<string, Record<string, string[]>> = {
  Electronics: {
    Audio: ['Headphones', 'Speakers', 'Earbuds'],
    Computers: ['Laptops', 'Monitors', 'Keyboards'],
    Phones: ['Smartphones', 'Cases', 'Chargers'],
    Wearables: ['Smart Watches', 'Fitness Bands', 'Rings'],
  },
  Fashion: {
    Men: ['Shirts', 'Trousers', 'Jackets'],
    Women: ['Dresses', 'Tops', 'Sarees'],
    Footwear: ['Sneakers', 'Sandals', 'Boots'],
    Accessories: ['Bags', 'Belts', 'Wallets'],
  },
  'Home & Kitchen': {
    Kitchen: ['Cookware', 'Bottles', 'Knives'],
    Furniture: ['Chairs', 'Tables', 'Shelves'],
    Decor: ['Lamps', 'Clocks', 'Vases'],
    Bedding: ['Sheets', 'Pillows', 'Blankets'],
  },
  Sports: {
    Fitness: ['Yoga Mats', 'Dumbbells', 'Bands'],
    Outdoor: ['Tents', 'Backpacks', 'Torches'],
    Cycling: ['Helmets', 'Gloves', 'Lights'],
    Cricket: ['Bats', 'Balls', 'Pads'],
  },
  Beauty: {
    Skincare: ['Creams', 'Serums', 'Cleansers'],
    Haircare: ['Shampoos', 'Oils', 'Combs'],
    Makeup: ['Lipsticks', 'Kajal', 'Palettes'],
    Fragrance: ['Perfumes', 'Deodorants', 'Attars'],
  },
  Books: {
    Fiction: ['Novels', 'Stories', 'Poetry'],
    Learning: ['Textbooks', 'Guides', 'Dictionaries'],
    Children: ['Picture Books', 'Comics', 'Activity Books'],
    Business: ['Finance', 'Management', 'Biographies'],
  },
  Toys: {
    Games: ['Board Games', 'Puzzles', 'Cards'],
    Building: ['Blocks', 'Kits', 'Models'],
    Outdoor: ['Balls', 'Kites', 'Scooters'],
    Dolls: ['Figures', 'Plush', 'Houses'],
  },
  Grocery: {
    Staples: ['Rice', 'Flour', 'Pulses'],
    Snacks: ['Biscuits', 'Chips', 'Namkeen'],
    Beverages: ['Tea', 'Coffee', 'Juices'],
    Spices: ['Masalas', 'Whole Spices', 'Salt'],
  },
};
const SUB_OPTIONS = ['Classic', 'Premium'];

/** Every category path of the bench catalogue, four levels deep. */
export function categoryPaths(): string[][] {
  const paths: string[][] = [];
  for (const [category, subs] of Object.entries(TREE)) {
    for (const [sub, options] of Object.entries(subs)) {
      for (const option of options) {
        for (const subOption of SUB_OPTIONS) paths.push([category, sub, option, subOption]);
      }
    }
  }
  return paths;
}

export const BRANDS = [
  'Generic',
  'Acme',
  'Zenith',
  'Orbit',
  'Nova',
  'Lumen',
  'Vertex',
  'Sahara',
  'Indus',
  'Kaveri',
  'Himalaya',
  'Monsoon',
  'Peacock',
  'Lotus',
  'Tiger',
  'Banyan',
  'Saffron',
  'Marigold',
  'Jasmine',
  'Cobalt',
  'Ember',
  'Falcon',
  'Granite',
  'Harbor',
  'Ivory',
  'Juniper',
  'Kestrel',
  'Linden',
  'Maple',
  'Nimbus',
  'Onyx',
  'Pioneer',
  'Quartz',
  'Raven',
  'Sierra',
  'Terra',
  'Umbra',
  'Vivid',
  'Willow',
  'Yonder',
];
const MATERIALS = [
  'Cotton',
  'Leather',
  'Steel',
  'Plastic',
  'Wood',
  'Glass',
  'Silk',
  'Wool',
  'Aluminium',
  'Bamboo',
];
export const COLOURS = [
  'Red',
  'Blue',
  'Black',
  'White',
  'Green',
  'Yellow',
  'Grey',
  'Pink',
  'Orange',
  'Purple',
  'Brown',
  'Navy',
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'Free Size', 'One Size'];
const ADJECTIVES = [
  'Classic',
  'Wireless',
  'Organic',
  'Premium',
  'Compact',
  'Deluxe',
  'Smart',
  'Handmade',
  'Eco',
  'Ultra',
  'Vintage',
  'Portable',
  'Soft',
  'Rugged',
  'Slim',
  'Royal',
  'Everyday',
  'Travel',
  'Pro',
  'Mini',
];

/** Search terms of the bench: each matches a few percent of the products by name. */
export const SEARCH_TERMS = [
  'wireless head',
  'organic tea',
  'leather',
  'smart watch',
  'travel bag',
  'vintage lamp',
];

/** Clothing sizes a variant grid uses (`--variants`): no Free or One Size. */
const GRID_SIZES = SIZES.slice(0, 6);

/**
 * `count` products spread over the category paths, the same on every run. With `variants`
 * ([min, max]), each product's colours x sizes make between min and max variants (a second
 * generator picks them, so every other field is what the run without it holds).
 */
export function generateProducts(count: number, seed = 42, variants?: [number, number]): ProductInsert[] {
  const r = random(seed);
  const grid = random(seed + 1);
  const shape = (): { colours: string[]; sizes: string[] } | undefined => {
    if (!variants) return undefined;
    const [min, max] = variants;
    const n = grid.int(min, max);
    const c = grid.int(Math.max(1, Math.ceil(n / GRID_SIZES.length)), Math.min(3, n));
    const s = Math.min(GRID_SIZES.length, Math.max(1, Math.round(n / c)));
    const colours: string[] = [];
    while (colours.length < c) {
      const colour = grid.pick(COLOURS);
      if (!colours.includes(colour)) colours.push(colour);
    }
    const start = grid.int(0, GRID_SIZES.length - s);
    let sizes = GRID_SIZES.slice(start, start + s);
    if (colours.length * sizes.length < min) sizes = GRID_SIZES.slice(0, Math.ceil(min / colours.length));
    return { colours, sizes };
  };
  const paths = categoryPaths();
  const start = Date.UTC(2024, 0, 1);
  const list: ProductInsert[] = [];
  for (let i = 0; i < count; i++) {
    const path = r.pick(paths);
    const option = path[2]!;
    const noun = option.endsWith('s') && !option.endsWith('ss') ? option.slice(0, -1) : option;
    const material = r.next() < 0.8 ? r.pick(MATERIALS) : null;
    const name = `${r.pick(ADJECTIVES)} ${material && r.next() < 0.3 ? `${material} ` : ''}${noun} ${i}`;
    const key = `products/bench-${i % 500}.webp`;
    list.push({
      name,
      title: r.next() < 0.5 ? `${name}, ${path[3]} edition` : null,
      description: `A ${name.toLowerCase()} from our ${path[1]!.toLowerCase()} range.`,
      pricePaise: r.int(50, 1500) * 100 + (r.next() < 0.3 ? 99 : 0),
      discount: r.next() < 0.4 ? r.int(1, 10) * 5 : 0,
      rating: Math.round(r.next() * 50) / 10,
      numReviews: r.int(0, 500),
      countInStock: r.next() < 0.1 ? 0 : r.int(1, 100),
      category: path[0]!,
      subCategory: path[1]!,
      option,
      subOption: path[3]!,
      brand: r.skewed(BRANDS),
      material,
      colours: r.some(COLOURS, 3),
      sizes: r.some(SIZES, 3),
      ...shape(),
      images: [key],
      productImage: key,
      tags: [noun.toLowerCase()],
      sku: `BENCH-${String(i).padStart(6, '0')}`,
      isFeatured: r.next() < 0.02,
      createdAt: new Date(start + r.int(0, 730 * 24 * 3600) * 1000),
    });
  }
  return list;
}
