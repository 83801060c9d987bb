import { useEffect } from 'react';

/**
 * Marks the document `data-ready` once the first page is interactive: rendered, or, when the
 * server drew it, hydrated. Rendered beside the page inside its Suspense boundary, whose effects
 * run only when the page's own code has loaded. Browser journeys wait for it before they click.
 */
export function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}
