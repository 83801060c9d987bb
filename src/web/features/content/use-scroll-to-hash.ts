import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the element the URL hash names once the page has rendered, e.g. /about#careers. */
export function useScrollToHash(): void {
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
}
