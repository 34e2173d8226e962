// The newsletter feature's public entry: the only module of it that code outside the feature imports.
// Checked by `npm run lint` (.dependency-cruiser.cjs).
export { NewsletterForm } from './components/newsletter-form';
