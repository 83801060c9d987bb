import { useRef, useState, type KeyboardEvent } from 'react';
import type { PackItem } from '#shared/music';
import { withPlayer } from '#web/components/player/player-state';
import { itemTrack, PACK_ROW_COLUMNS, PackItemRow } from './pack-item-row';

/**
 * A pack's items as a sample browser lists them: one tab stop (roving tabindex), Up and Down
 * (Home, End) move through the items, Enter or Space plays or pauses the focused one. While an
 * item plays, moving plays the item moved to, so a producer can audition a pack with two keys.
 */
export function PackItemList({
  items,
  label,
  productId,
}: {
  items: readonly PackItem[];
  label: string;
  productId: string;
}) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, current + 1),
      ArrowUp: Math.max(0, current - 1),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    if (next === current) return;
    const from = items[current]?.previewUrl;
    const to = items[next] && itemTrack(items[next], productId);
    setCurrent(next);
    buttons.current[next]?.focus();
    withPlayer((player) => {
      const now = player.snapshot();
      if (to && now.playing && now.track?.src === from) player.toggle(to);
    });
  }

  return (
    <div>
      <div
        aria-hidden="true"
        className={`${PACK_ROW_COLUMNS} hidden border-b border-zinc-800 px-2 pb-2 text-xs font-medium tracking-wide text-zinc-400 uppercase sm:grid`}
      >
        <span className="pl-11">Name</span>
        <span>Type</span>
        <span>BPM</span>
        <span>Key</span>
        <span>Length</span>
        <span>Waveform</span>
      </div>
      <ul aria-label={label} onKeyDown={onKeyDown} className="mt-1 space-y-0.5">
        {items.map((item, index) => (
          <PackItemRow
            key={item.id}
            item={item}
            productId={productId}
            current={index === current}
            buttonRef={(button) => {
              buttons.current[index] = button;
            }}
            onFocus={() => setCurrent(index)}
          />
        ))}
      </ul>
    </div>
  );
}
