import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the URL hash names once the page has rendered, e.g. /about#careers;
 * `ready` tells when content that arrives later (a legal page's sections) is on the page.
 */
export function useScrollToHash(ready = true): void {
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash || !ready) return;
    document
      .getElementById(decodeURIComponent(hash.slice(1)))
      ?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [hash, ready]);
}
