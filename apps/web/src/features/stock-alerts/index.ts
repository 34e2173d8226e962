// The stock-alerts feature's public entry: the only module of it that code outside the feature imports
// (the router also lazy-loads its pages/). Checked by `npm run lint` (.dependency-cruiser.cjs).

export { AlertLinkNotice } from './components/alert-link-notice';
