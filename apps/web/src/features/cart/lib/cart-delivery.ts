import { type ComponentType, createContext } from 'react';

/**
 * What the cart page shows beside the coupon form to say where and when the cart can be delivered
 * ("Check delivery"). Features do not import each other: the app layer binds it (app/providers.tsx);
 * without it the page shows none. `amountPaise`: the cart's worth after discounts.
 */
export type CartDelivery = ComponentType<{ amountPaise: number }>;

export const CartDeliveryContext = createContext<CartDelivery | null>(null);
