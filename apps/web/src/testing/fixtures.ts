import {
  type Category,
  categoryTreeSchema,
  type Product,
  productSchema,
} from '@bazaar/shared/schemas/catalogue';
import { type ShopSettings, shopSettingsSchema } from '@bazaar/shared/schemas/settings';
import { type User, userSchema } from '@bazaar/shared/schemas/user';

// Replies the shop could send, built by the shared schemas: a fixture the API could not send fails here.

const AT = '2026-01-15T10:00:00.000Z';
let next = 0;
/** A fresh UUID-shaped id, as the API's ids are. */
export const id = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export function shopSettings(patch: Partial<ShopSettings> = {}): ShopSettings {
  return shopSettingsSchema.parse({
    name: 'Bazaar',
    logo: null,
    primaryColor: '#db4444',
    email: 'shop@bazaar.local',
    phone: '+91 98765 43210',
    secondEmail: null,
    secondPhone: null,
    address: 'MG Road, Bengaluru',
    facebookUrl: null,
    instagramUrl: null,
    xUrl: null,
    youtubeUrl: null,
    returnPolicy: null,
    shippingPolicy: null,
    privacyPolicy: null,
    googleAnalyticsId: null,
    shippingFee: 50,
    freeShippingThreshold: 140,
    holdWindowMinutes: null,
    defaultHoldWindowMinutes: 30,
    holdLimitUnits: 5,
    holdLimitPercent: 20,
    holdAddressMultiple: 4,
    paymentsSimulated: true,
    returnWindowDays: 3,
    codMaxOpenOrders: 2,
    codRefuseAfterRto: 0,
    updatedAt: AT,
    ...patch,
  });
}

export function user(patch: Partial<User> = {}): User {
  return userSchema.parse({
    _id: id(),
    name: 'Asha Rao',
    email: 'asha@example.com',
    phoneNumber: '9876543210',
    profileImage: null,
    isAdmin: false,
    hasPassword: true,
    createdAt: AT,
    ...patch,
  });
}

export function product(patch: Partial<Product> = {}): Product {
  const price = patch.price ?? 500;
  const discount = patch.discount ?? 0;
  const countInStock = patch.countInStock ?? 10;
  return productSchema.parse({
    _id: id(),
    name: 'Cotton Shirt',
    title: null,
    description: 'A shirt of plain cotton.',
    price,
    discount,
    salePrice: price - (price * discount) / 100,
    rating: 4,
    numReviews: 3,
    countInStock,
    inStock: countInStock > 0,
    category: 'Men',
    subCategory: null,
    option: null,
    subOption: null,
    brand: 'Loom',
    material: null,
    sizes: [],
    colours: [],
    images: [],
    productImage: null,
    tags: [],
    sku: null,
    seller: null,
    madeIn: null,
    isFeatured: false,
    createdAt: AT,
    updatedAt: AT,
    dateAdded: AT,
    ...patch,
  });
}

export const categories: Category[] = categoryTreeSchema.parse([
  {
    _id: id(),
    name: 'Men',
    subcategories: [{ name: 'Shirts', options: [{ name: 'Formal', subOptions: [] }] }],
  },
  { _id: id(), name: 'Women', subcategories: [] },
]);
