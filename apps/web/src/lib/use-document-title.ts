import { useEffect } from 'react';

/** Sets the tab title as "<page> | Bazaar". */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | Bazaar`;
  }, [title]);
}
