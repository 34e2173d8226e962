// The stock-alerts feature's public entry: the only module of it that code outside the feature imports
// (the router also lazy-loads its pages/). Checked by `npm run lint` (.dependency-cruiser.cjs).

/** The notice for a followed alert link (?alert=…), loaded apart: most pages show none. */
export const loadAlertLinkNotice = () =>
  import('./components/alert-link-notice').then((module) => module.AlertLinkNotice);
