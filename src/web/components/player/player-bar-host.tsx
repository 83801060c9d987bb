import { lazy, Suspense } from 'react';
import { usePlayerOpen } from './player-state';

const PlayerBar = lazy(() => import('./player-bar').then((m) => ({ default: m.PlayerBar })));

/**
 * The player bar's place in the shell: nothing until a preview is started, then the
 * bar's code loads and the bar stays across pages until closed. A spacer as tall as the bar
 * ends the page meanwhile, so the bar never covers the footer's last line.
 */
export function PlayerBarHost() {
  const open = usePlayerOpen();
  if (!open) return null;
  return (
    <>
      <div aria-hidden="true" className="h-[4.5rem] shrink-0" />
      <Suspense fallback={null}>
        <PlayerBar />
      </Suspense>
    </>
  );
}
