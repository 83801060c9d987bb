import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/** Where the visitor had scrolled to on each history entry, for going back to it. */
const positions = new Map<string, number>();

/** Pages opened by address share the key 'default'; keying them by path and hash keeps them apart. */
const keyOf = (location: Location) =>
  location.key === 'default' ? location.pathname + location.hash : location.key;

/**
 * Scrolls as a browser would between documents, at once rather than smoothly as the stylesheet
 * asks for links within a page: a new page starts at its top, or at the element its #hash
 * names; Back and Forward return to where the visitor was. Render it beside the page inside the
 * same Suspense boundary, so it runs once the page's content is there.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = keyOf(location);
  // The entry scroll events belong to; it changes before this component scrolls the new page.
  const current = useRef(key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const saved = positions.get(key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo({ top: saved, behavior: 'instant' });
      return;
    }
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView({ behavior: 'instant' });
    else if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
  }, [key, navigationType, location.hash]);

  return null;
}
