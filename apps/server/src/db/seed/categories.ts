/**
 * The demo category tree: category → subcategory → option → suboption.
 * Products in products.ts name their place in it by these exact strings.
 */
export interface SeedOption {
  name: string;
  subOptions?: string[];
}

export interface SeedSubCategory {
  name: string;
  options: SeedOption[];
}

export interface SeedCategory {
  name: string;
  subcategories: SeedSubCategory[];
}

export const CATEGORY_TREE: SeedCategory[] = [
  {
    name: "Woman's Fashion",
    subcategories: [
      {
        name: 'Clothing',
        options: [
          { name: 'Dresses', subOptions: ['Maxi Dresses', 'Casual Dresses'] },
          { name: 'Tops', subOptions: ['T-Shirts', 'Blouses'] },
          { name: 'Ethnic Wear', subOptions: ['Kurtas', 'Sarees'] },
        ],
      },
      { name: 'Footwear', options: [{ name: 'Flats' }, { name: 'Heels' }, { name: 'Sneakers' }] },
      {
        name: 'Accessories',
        options: [
          { name: 'Handbags' },
          { name: 'Jewellery', subOptions: ['Earrings', 'Necklaces'] },
          { name: 'Watches' },
        ],
      },
    ],
  },
  {
    name: "Men's Fashion",
    subcategories: [
      {
        name: 'Clothing',
        options: [
          { name: 'Shirts', subOptions: ['Casual Shirts', 'Formal Shirts'] },
          { name: 'T-Shirts' },
          { name: 'Jeans' },
          { name: 'Ethnic Wear' },
        ],
      },
      { name: 'Footwear', options: [{ name: 'Sneakers' }, { name: 'Formal Shoes' }, { name: 'Sandals' }] },
      {
        name: 'Accessories',
        options: [{ name: 'Wallets' }, { name: 'Belts' }, { name: 'Watches' }, { name: 'Sunglasses' }],
      },
    ],
  },
  {
    name: 'Electronics',
    subcategories: [
      {
        name: 'Mobile Accessories',
        options: [{ name: 'Chargers & Cables' }, { name: 'Phone Cases' }, { name: 'Power Banks' }],
      },
      {
        name: 'Audio',
        options: [{ name: 'Headphones', subOptions: ['Over-Ear', 'In-Ear'] }, { name: 'Speakers' }],
      },
      {
        name: 'Computer Accessories',
        options: [
          { name: 'Keyboards' },
          { name: 'Mice' },
          { name: 'Storage', subOptions: ['USB Drives', 'Memory Cards'] },
        ],
      },
      { name: 'Smart Devices', options: [{ name: 'Smart Watches' }, { name: 'Fitness Bands' }] },
    ],
  },
  {
    name: 'Home & Lifestyle',
    subcategories: [
      {
        name: 'Kitchen & Dining',
        options: [
          { name: 'Cookware' },
          { name: 'Drinkware', subOptions: ['Mugs', 'Bottles'] },
          { name: 'Storage Containers' },
        ],
      },
      {
        name: 'Home Decor',
        options: [{ name: 'Lamps & Lighting' }, { name: 'Cushions & Covers' }, { name: 'Wall Art' }],
      },
      { name: 'Bedding', options: [{ name: 'Bedsheets' }, { name: 'Pillows' }] },
    ],
  },
  {
    name: 'Medicine',
    subcategories: [
      { name: 'Pain Relief', options: [{ name: 'Balms & Sprays' }, { name: 'Tablets' }] },
      {
        name: 'Vitamins & Supplements',
        options: [
          { name: 'Multivitamins' },
          { name: 'Protein', subOptions: ['Whey Protein', 'Plant Protein'] },
        ],
      },
      { name: 'First Aid', options: [{ name: 'Bandages' }, { name: 'Antiseptics' }] },
      { name: 'Health Devices', options: [{ name: 'Thermometers' }, { name: 'BP Monitors' }] },
    ],
  },
  {
    name: 'Sports & Outdoor',
    subcategories: [
      {
        name: 'Fitness',
        options: [
          { name: 'Yoga', subOptions: ['Yoga Mats', 'Yoga Blocks'] },
          { name: 'Dumbbells' },
          { name: 'Resistance Bands' },
        ],
      },
      {
        name: 'Team Sports',
        options: [
          { name: 'Cricket', subOptions: ['Bats', 'Balls'] },
          { name: 'Football' },
          { name: 'Badminton' },
        ],
      },
      { name: 'Outdoor', options: [{ name: 'Camping' }, { name: 'Cycling' }] },
    ],
  },
  {
    name: "Baby's & Toys",
    subcategories: [
      { name: 'Baby Care', options: [{ name: 'Diapers' }, { name: 'Bath & Skin' }, { name: 'Feeding' }] },
      {
        name: 'Toys',
        options: [
          { name: 'Soft Toys' },
          { name: 'Educational Toys', subOptions: ['Puzzles', 'Building Blocks'] },
          { name: 'Remote Control Toys' },
        ],
      },
      { name: 'Baby Clothing', options: [{ name: 'Rompers' }, { name: 'Sleepwear' }] },
    ],
  },
  {
    name: 'Groceries & Pets',
    subcategories: [
      {
        name: 'Groceries',
        options: [
          { name: 'Staples', subOptions: ['Rice', 'Atta & Flour', 'Pulses'] },
          { name: 'Snacks' },
          { name: 'Beverages', subOptions: ['Tea', 'Coffee'] },
        ],
      },
      {
        name: 'Pet Supplies',
        options: [{ name: 'Dog Food' }, { name: 'Cat Food' }, { name: 'Pet Accessories' }],
      },
    ],
  },
  {
    name: 'Health & Beauty',
    subcategories: [
      {
        name: 'Skin Care',
        options: [{ name: 'Face Wash' }, { name: 'Moisturisers' }, { name: 'Sunscreen' }],
      },
      { name: 'Hair Care', options: [{ name: 'Shampoo' }, { name: 'Hair Oil' }] },
      { name: 'Makeup', options: [{ name: 'Lipstick' }, { name: 'Kajal & Eyeliner' }] },
      { name: 'Fragrances', options: [{ name: 'Perfumes' }, { name: 'Deodorants' }] },
    ],
  },
];
