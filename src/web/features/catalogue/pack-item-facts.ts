import { packItemKindLabels, type PackItem, type PackItemKind } from '#shared/music';

/** '0.6 s', '6.7 s', or '1:05' from a minute on: a sample browser's length column. */
export function itemDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 'Loop, 140 BPM, F minor, 3.4 s': what a screen reader hears after an item's name. */
export function itemFacts(item: PackItem): string {
  return [
    packItemKindLabels[item.kind],
    item.bpm === null ? null : `${item.bpm} BPM`,
    item.key,
    itemDuration(item.durationMs),
  ]
    .filter((fact) => fact !== null)
    .join(', ');
}

/** '9 loops, 16 one-shots, 6 MIDI files': the list's summary, in the order of the kinds. */
export function contentsSummary(items: readonly PackItem[]): string {
  const plural: Record<PackItemKind, [string, string]> = {
    loop: ['loop', 'loops'],
    'one-shot': ['one-shot', 'one-shots'],
    midi: ['MIDI file', 'MIDI files'],
  };
  return (Object.keys(plural) as PackItemKind[])
    .map((kind) => {
      const n = items.filter((item) => item.kind === kind).length;
      return n === 0 ? null : `${n} ${plural[kind][n === 1 ? 0 : 1]}`;
    })
    .filter((part) => part !== null)
    .join(', ');
}
