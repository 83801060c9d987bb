import { Suspense, useRef, type ReactNode } from 'react';
import { useBelowFold } from './use-below-fold';

/**
 * Renders `children` (typically lazy components) once their place nears the viewport or the
 * browser is idle (use-below-fold.ts), so their code is not part of the first screenful.
 * Give it a minimum height where something visible sits below it.
 */
export function BelowFold({ children, className }: { children: ReactNode; className?: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const ready = useBelowFold(slot);
  return (
    <div ref={slot} className={className}>
      {ready && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
