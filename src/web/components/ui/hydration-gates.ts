/**
 * The gates behind HydrateLater (hydrate-later.tsx): a part of a server-rendered page whose
 * hydration waits until its place nears the viewport, the browser is idle, or the visitor
 * touches it. A gate is a thenable that React's `use` reads: while it is pending the part's
 * Suspense boundary keeps the server's HTML as it is (dehydrated); once open, React hydrates it.
 *
 * A gate is made when React first tries to hydrate its part, which is after the page around it
 * has hydrated (React hydrates Suspense boundaries in a later pass), and only then: a part the
 * browser draws itself (after a client-side navigation) never waits.
 *
 * Opening is synchronous (the status is set before any callback runs), which is what keeps a
 * first click on a part not yet hydrated: React answers a click on a dehydrated boundary by
 * trying to hydrate it at once, and drops the click only when that fails. This module's listener
 * sees the event first (on the document, capturing; React listens on the root below it) and opens
 * the part's gate, so React's attempt finds it open and hydrates the part before dispatching.
 */

/** When a part hydrates: on approach (near the viewport) or else when idle; or only when idle. */
export type HydrateTrigger = 'approach' | 'idle';

/** A promise with the fields React's `use` reads first: a fulfilled one is not waited for. */
type Gate = Promise<void> & {
  status: 'pending' | 'fulfilled';
  value?: undefined;
  open: () => void;
};

/** The attribute naming a part's gate on its element; the server draws it with the part. */
export const GATE_ATTRIBUTE = 'data-hydrate-later';
/** How far from the viewport a part starts hydrating: about a screenful of scrolling ahead. */
const APPROACH_MARGIN = '50% 0px';
/** The longest a part waits for an idle moment (requestIdleCallback's timeout). */
const IDLE_TIMEOUT_MS = 5000;

/** Every gate made, kept once open (React renders the part again as it hydrates it). */
const gates = new Map<string, Gate>();
/** Parts touched during the current event before React made their gate. */
const touched = new Set<string>();

function makeGate(): Gate {
  let resolve = () => {};
  const gate = Object.assign(new Promise<void>((settle) => (resolve = settle)), {
    status: 'pending' as const,
  }) as Gate;
  gate.open = () => {
    gate.status = 'fulfilled';
    gate.value = undefined;
    resolve();
  };
  return gate;
}

/** Whether the part's gate was made and is still shut. */
const waiting = (id: string) => gates.get(id)?.status === 'pending';

function openGate(id: string) {
  if (waiting(id)) gates.get(id)?.open();
}

let approachObserver: IntersectionObserver | null = null;

function observeApproach(element: Element) {
  approachObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        approachObserver?.unobserve(entry.target);
        const id = entry.target.getAttribute(GATE_ATTRIBUTE);
        if (id) openGate(id);
      }
    },
    { rootMargin: APPROACH_MARGIN },
  );
  approachObserver.observe(element);
}

/**
 * Parts waiting for an idle moment, in the order React met them (the page's order). One opens
 * per idle callback, so what hydrates then comes in small tasks rather than one long one.
 */
const idleQueue: string[] = [];
let idleScheduled = false;

function scheduleIdle() {
  if (idleScheduled || idleQueue.length === 0) return;
  idleScheduled = true;
  const run = () => {
    idleScheduled = false;
    let id = idleQueue.shift();
    while (id !== undefined && !waiting(id)) id = idleQueue.shift();
    if (id !== undefined) openGate(id);
    scheduleIdle();
  };
  // Safari has no requestIdleCallback: a wait stands in for it.
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  } else {
    window.setTimeout(run, 1000);
  }
}

/**
 * The gate a part hydrating now waits on (made on the first call, with its trigger watched), or
 * null when it may hydrate at once: its gate is open, or the visitor touched it in this event.
 */
export function gateToWaitOn(id: string, trigger: HydrateTrigger): Promise<void> | null {
  // On the server, nothing waits.
  if (typeof document === 'undefined') return null;
  const made = gates.get(id);
  if (made) return made.status === 'pending' ? made : null;
  if (touched.has(id)) return null;
  const gate = makeGate();
  gates.set(id, gate);
  const element = document.querySelector(`[${GATE_ATTRIBUTE}="${CSS.escape(id)}"]`);
  if (trigger === 'approach' && element) observeApproach(element);
  idleQueue.push(id);
  scheduleIdle();
  return gate;
}

/** The events that mean the visitor is about to use a part: its gate opens before React sees them. */
const TOUCHES = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin', 'click'] as const;

if (typeof document !== 'undefined') {
  const onTouch = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const id = target.closest(`[${GATE_ATTRIBUTE}]`)?.getAttribute(GATE_ATTRIBUTE);
    if (!id) return;
    if (gates.has(id)) return openGate(id);
    // No gate yet: the page itself may be hydrating, and React may reach this part while it
    // handles this very event. What was touched counts until the event is over.
    touched.add(id);
    window.setTimeout(() => touched.delete(id));
  };
  for (const type of TOUCHES) {
    document.addEventListener(type, onTouch, { capture: true, passive: true });
  }
}
