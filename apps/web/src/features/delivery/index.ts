// The delivery feature's public entry: the only module of it that code outside the feature imports.
// Checked by `npm run lint` (apps/web/scripts/check-boundaries.ts). The app layer hands CheckDelivery
// to the product page and the cart (app/providers.tsx).
export { CheckDelivery, type CheckDeliveryProps } from './components/check-delivery';
