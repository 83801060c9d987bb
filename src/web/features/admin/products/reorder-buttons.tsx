import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';

const iconButton =
  'grid size-9 place-items-center rounded-lg border border-zinc-700 text-zinc-300 hover:bg-zinc-800 disabled:opacity-40';

/** The list with the item at `index` moved `by` one place up (-1) or down (1). */
export function moveItem<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item === undefined) return next;
  next.splice(index + by, 0, item);
  return next;
}

/**
 * An ordered list item's buttons in the editor: move up, move down (each named with the item, and
 * off at the ends) and remove. Without `onMove`, only remove (an unordered list).
 */
export function ReorderButtons({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove?: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <span className="flex gap-2">
      {onMove && (
        <>
          <button
            type="button"
            className={iconButton}
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </button>
        </>
      )}
      <button type="button" className={iconButton} aria-label={`Remove ${name}`} onClick={onRemove}>
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </span>
  );
}
