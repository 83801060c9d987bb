import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within 400 px of the viewport, or once the browser is idle after
 * the page has shown, whichever is first: what lies below the fold loads its code after the
 * first screenful, yet is there before the visitor reaches it.
 */
export function useBelowFold(ref: RefObject<Element | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (ready || !element) return;
    // A transition: React draws what was below the fold in slices, between which the browser
    // answers the visitor, instead of in one long task just after the page has shown.
    const show = () => startTransition(() => setReady(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    // Safari has no requestIdleCallback: a few seconds' wait stands in for it.
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(show, { timeout: 4000 })
        : window.setTimeout(show, 3000);
    return () => {
      observer.disconnect();
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [ref, ready]);
  return ready;
}
