import type { Ref } from 'react';
import { Pause, Play } from 'lucide-react';
import { packItemKindLabels, type PackItem } from '#shared/music';
import {
  usePreviewPlaying,
  withPlayer,
  type PreviewTrack,
} from '#web/components/player/player-state';
import { ItemWaveform } from './item-waveform';
import { itemDuration, itemFacts } from './pack-item-facts';

/** Name, type, BPM, key, length and waveform: the columns of the list's header row too. */
export const PACK_ROW_COLUMNS =
  'grid grid-cols-[minmax(0,1fr)_5.5rem] items-center gap-x-4 sm:grid-cols-[minmax(0,1fr)_5.5rem_4.5rem_6rem_3.5rem_9rem]';

/** The item's preview as the store's one player plays it. */
export function itemTrack(item: PackItem, productId: string): PreviewTrack | null {
  if (!item.previewUrl) return null;
  return {
    src: item.previewUrl,
    label: item.name,
    href: `/products/${productId}`,
    peaks: item.previewPeaks,
  };
}

interface PackItemRowProps {
  item: PackItem;
  productId: string;
  /** The list's one tab stop (roving tabindex). */
  current: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  onFocus: () => void;
}

/** One item: its play button carries the name; the facts describe it for screen readers. */
export function PackItemRow({ item, productId, current, buttonRef, onFocus }: PackItemRowProps) {
  const track = itemTrack(item, productId);
  const playing = usePreviewPlaying(track?.src ?? '');
  const factsId = `pack-item-${item.id}`;
  const Icon = playing ? Pause : Play;
  const empty = <span className="text-zinc-600">–</span>;

  return (
    <li
      className={`${PACK_ROW_COLUMNS} rounded-lg px-2 py-1.5 ${playing ? 'bg-brand-600/15' : 'hover:bg-zinc-800/60'}`}
    >
      <div className="min-w-0">
        <button
          ref={buttonRef}
          type="button"
          tabIndex={current ? 0 : -1}
          aria-pressed={playing}
          aria-describedby={factsId}
          aria-disabled={track ? undefined : true}
          onFocus={onFocus}
          onClick={() => {
            if (track) withPlayer((player) => player.toggle(track));
          }}
          className="flex w-full min-w-0 items-center gap-3 rounded-md py-1 text-left"
        >
          <span
            className={`grid size-8 shrink-0 place-items-center rounded-full ${playing ? 'bg-brand-500 text-white' : 'bg-zinc-800 text-zinc-200'}`}
          >
            <Icon aria-hidden="true" className="size-3.5 fill-current" />
          </span>
          <span className="text-sm font-medium break-words text-white sm:truncate">
            {item.name}
          </span>
        </button>
        <span id={factsId} className="sr-only">
          {itemFacts(item)}
        </span>
        <p aria-hidden="true" className="truncate pl-11 text-xs text-zinc-400 sm:hidden">
          {itemFacts(item).replaceAll(', ', ' · ')}
        </p>
      </div>
      <div className="sm:order-last">
        {track?.peaks && <ItemWaveform track={{ ...track, peaks: track.peaks }} />}
      </div>
      <span aria-hidden="true" className="hidden text-sm text-zinc-300 sm:block">
        {packItemKindLabels[item.kind]}
      </span>
      <span aria-hidden="true" className="hidden text-sm text-zinc-300 tabular-nums sm:block">
        {item.bpm ?? empty}
      </span>
      <span aria-hidden="true" className="hidden text-sm text-zinc-300 sm:block">
        {item.key ?? empty}
      </span>
      <span aria-hidden="true" className="hidden text-sm text-zinc-300 tabular-nums sm:block">
        {itemDuration(item.durationMs)}
      </span>
    </li>
  );
}
