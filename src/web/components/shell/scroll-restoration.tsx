import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/** Where the visitor had scrolled to on each history entry, for going back to it. */
const positions = new Map<string, number>();

/** Pages opened by address share the key 'default'; keying them by path and hash keeps them apart. */
const keyOf = (location: Location) =>
  location.key === 'default' ? location.pathname + location.hash : location.key;

/**
 * Scrolls as a browser would between documents: a new page starts at its top, or at the element
 * its #hash names; Back and Forward return to where the visitor was. Render it beside the page
 * inside the same Suspense boundary, so it runs once the page's content is there.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = keyOf(location);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    const saved = positions.get(key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [key, navigationType, location.hash]);

  return null;
}
