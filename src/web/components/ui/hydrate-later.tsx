import {
  Suspense,
  use,
  useId,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { GATE_ATTRIBUTE, gateToWaitOn, type HydrateTrigger } from './hydration-gates';

const subscribeNothing = () => () => {};

/** Suspends while the page hydrates, until the part's gate opens (hydration-gates.ts). */
function HydrationGate({
  id,
  on,
  children,
}: {
  id: string;
  on: HydrateTrigger;
  children: ReactNode;
}) {
  // True on the server and while hydrating, false when the browser draws the part itself.
  const hydrating = useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
  const gate = hydrating ? gateToWaitOn(id, on) : null;
  if (gate) use(gate);
  return children;
}

interface HydrateLaterProps {
  /** 'approach': when near the viewport, or else when the browser is idle; 'idle': when idle. */
  on: HydrateTrigger;
  /** The element around the part (it stays in the page's HTML while the part waits). */
  as?: 'div' | 'li';
  className?: string;
  /** The boundary (a ReadySuspense when the page's readiness should wait for the part). */
  boundary?: ComponentType<{ fallback: ReactNode; children: ReactNode }>;
  /** What the boundary shows when the browser draws the part and it suspends. */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * A part of a server-rendered page that hydrates later: the server draws it whole, and the
 * browser leaves that HTML as it is (on screen, links working) until the part nears the
 * viewport or the browser is idle, so the first page's hydration does only what the first
 * screenful needs. A touch, click, key or focus on the part hydrates it at once, and that first
 * event is handled as usual. Drawn by the browser (after a client-side navigation), it does not
 * wait. New props while it waits (its parent drawn again) make React draw it anew on the client:
 * memoise the component rendering it where its parent may render again.
 */
export function HydrateLater({
  on,
  as: Tag = 'div',
  className,
  boundary: Boundary = Suspense,
  fallback = null,
  children,
}: HydrateLaterProps) {
  const id = useId();
  return (
    <Tag {...{ [GATE_ATTRIBUTE]: id }} className={className}>
      <Boundary fallback={fallback}>
        <HydrationGate id={id} on={on}>
          {children}
        </HydrationGate>
      </Boundary>
    </Tag>
  );
}
