import { useId } from 'react';
import type { UnderstoodSearch } from '#shared/catalogue';
import { genres, instruments, tempoLabel } from '#shared/music';

/** The chips' labels: "90 BPM", "A minor", "Hip hop", "808", in that order. */
export function understoodLabels(understood: UnderstoodSearch): string[] {
  const { bpm, key } = understood;
  const tempo = bpm ? tempoLabel({ bpmMin: bpm.min, bpmMax: bpm.max }) : null;
  return [
    ...(tempo ? [tempo] : []),
    ...(key ? [key] : []),
    ...understood.genres.map((genre) => genres.labels[genre]),
    ...understood.instruments.map((instrument) => instruments.labels[instrument]),
  ];
}

/**
 * What the search read as filters in the text: tempo, key, genres and
 * instruments, as chips above the results; nothing when it read only words.
 */
export function UnderstoodChips({ understood }: { understood: UnderstoodSearch }) {
  const labels = understoodLabels(understood);
  const id = useId();
  if (labels.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 px-4 pt-3">
      <span className="text-xs text-zinc-400" id={id}>
        Filtered by
      </span>
      <ul aria-labelledby={id} className="flex flex-wrap gap-1.5">
        {labels.map((label) => (
          <li
            key={label}
            className="rounded-full border border-brand-500/40 bg-brand-500/10 px-2.5 py-0.5 text-xs font-medium text-brand-200"
          >
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
