// The newsletter feature's public entry: the only module of it that code outside the feature imports.
// Checked by `npm run lint` (apps/web/scripts/check-boundaries.ts).
export { NewsletterForm } from './components/newsletter-form';
