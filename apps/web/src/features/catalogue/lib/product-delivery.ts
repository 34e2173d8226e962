import { type ComponentType, createContext } from 'react';

/**
 * What the product page shows under its actions to say where and when the product can be delivered
 * ("Check delivery"). Features do not import each other: the app layer binds it (app/providers.tsx);
 * without it the page shows none. `amountPaise`: the product's price at the chosen quantity.
 */
export type ProductDelivery = ComponentType<{ amountPaise: number }>;

export const ProductDeliveryContext = createContext<ProductDelivery | null>(null);
