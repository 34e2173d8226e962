import { useEffect } from 'react';

/**
 * Sets the tab title as "<page> | Bazaar" after rendering: for pages only the browser renders (the
 * admin area). Pages the server renders use `PageMeta`, whose title is part of the HTML.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | Bazaar`;
  }, [title]);
}
