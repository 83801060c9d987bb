import { useId, useState } from 'react';
import type { Purchase } from '#shared/downloads';
import { archivesApi } from '#web/api/downloads';
import { DownloadEverything } from '#web/components/orders/download-everything';

/** The formats (file labels) the buyer's latest versions come in, in first-seen order. */
export function formatsOf(purchases: Purchase[]): string[] {
  const labels = purchases.flatMap((p) => p.latestVersion?.files.map((f) => f.label) ?? []);
  return [...new Set(labels.filter((label): label is string => Boolean(label)))];
}

/** The hub's "Download everything": all products owned, or the files of one format only. */
export function HubArchive({ purchases }: { purchases: Purchase[] }) {
  const formats = formatsOf(purchases);
  const [format, setFormat] = useState('');
  const selectId = useId();
  return (
    <section
      aria-labelledby={`${selectId}-title`}
      className="mb-8 flex flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-900/60 p-5 sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <h2 id={`${selectId}-title`} className="font-semibold text-white">
          Everything you own, in one ZIP
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          Uses one download of each product
          {purchases.some((p) => p.unlimited) ? ' (none of those with unlimited downloads)' : ''}.
          Products with none left are listed in a note inside.
        </p>
        {formats.length > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="text-sm text-zinc-300">
              Format
            </label>
            <select
              id={selectId}
              value={format}
              onChange={(event) => setFormat(event.target.value)}
              className="rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-1.5 text-sm text-zinc-100"
            >
              <option value="">All formats</option>
              {formats.map((label) => (
                <option key={label} value={label}>
                  {label} only
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <DownloadEverything
        className="sm:w-72"
        request={() => archivesApi.owned(format || undefined)}
      />
    </section>
  );
}
