import { Suspense, useCallback, useEffect, useId, useLayoutEffect, type ReactNode } from 'react';

/**
 * How many ReadySuspense boundaries on the page are still waiting for their code: PageReady
 * marks the page ready only when none is. A lazy part of a server-rendered page (the facet
 * filters, a bundle's section, a card's preview) keeps the server's markup until its chunk
 * arrives and hydrates, and a click on that markup before then does nothing.
 */
const pending = new Set<string>();
const listeners = new Set<() => void>();

function change(update: () => unknown) {
  update();
  for (const listener of listeners) listener();
}

export function pendingReadySuspense(): number {
  return pending.size;
}

/** Calls `listener` on every change of the count; returns its removal. */
export function onReadySuspenseChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered last inside the boundary: its effect runs once the boundary's content has committed. */
function Settled({ onSettled }: { onSettled: () => void }) {
  useEffect(onSettled, [onSettled]);
  return null;
}

/**
 * A Suspense boundary the page's readiness waits for (see PageReady). Its own layout effect runs
 * with the enclosing page's commit, before any passive effect of that commit, so the page cannot
 * be marked ready in the moment between the page hydrating and this boundary's content doing so.
 */
export function ReadySuspense({
  fallback,
  children,
}: {
  fallback: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const settle = useCallback(() => change(() => pending.delete(id)), [id]);
  useLayoutEffect(() => {
    change(() => pending.add(id));
    return settle;
  }, [id, settle]);
  return (
    <Suspense fallback={fallback}>
      {children}
      <Settled onSettled={settle} />
    </Suspense>
  );
}
