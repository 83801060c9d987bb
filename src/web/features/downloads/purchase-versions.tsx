import { Download } from 'lucide-react';
import { formatFileSize } from '#shared/product';
import { fileTitle, type PurchaseVersion, type VersionFile } from '#shared/versions';
import { Button } from '#web/components/ui/button';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A version's files to choose from: its formats or platforms' installers, when it has several. */
export function fileChoices(version: PurchaseVersion | null): VersionFile[] {
  if (!version || version.files.length <= 1) return [];
  return version.files;
}

/**
 * The latest version's files, one line each: its label (format) and platform, its size and
 * its own Download button. Any of them spends one of the purchase's downloads.
 */
export function FileChoices({
  files,
  productName,
  disabled,
  onDownload,
}: {
  files: VersionFile[];
  productName: string;
  disabled: boolean;
  onDownload: (file: VersionFile) => void;
}) {
  return (
    <section aria-label={`Files of ${productName}`} className="space-y-2">
      <p className="text-sm text-zinc-300">
        Pick the file you need. Each download, of any file, uses one of your downloads.
      </p>
      <ul className="divide-y divide-zinc-800 rounded-lg border border-zinc-800">
        {files.map((file) => (
          <li
            key={file.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3.5 py-2.5"
          >
            <span className="min-w-0">
              <span className="block text-sm font-medium text-zinc-100">{fileTitle(file)}</span>
              <span className="block text-xs text-zinc-400 tabular-nums">
                {formatFileSize(file.fileSize)}
              </span>
            </span>
            <Button size="sm" disabled={disabled} onClick={() => onDownload(file)}>
              <Download aria-hidden="true" className="size-4" />
              Download
              <span className="sr-only">
                {' '}
                {fileTitle(file)} of {productName}
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const HEADING = /^#{1,6}\s+/;
const BULLET = /^[-*+]\s+/;
/** Emphasis and code marks dropped: shown as text, they would read as noise. */
const plain = (line: string) => line.replace(/[*_`]/g, '').trim();

/**
 * A changelog as the seller wrote it: headings as bold lines, "- " lines as a list, the rest as
 * paragraphs. The project has no Markdown renderer; everything is set as text, so nothing in a
 * changelog can become markup in the page.
 */
export function Changelog({ markdown }: { markdown: string }) {
  const blocks = markdown
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
  return (
    <div className="space-y-2 text-sm text-zinc-300">
      {blocks.map((lines, i) =>
        lines.every((line) => BULLET.test(line)) ? (
          <ul key={i} className="list-disc space-y-1 pl-5">
            {lines.map((line, j) => (
              <li key={j}>{plain(line.replace(BULLET, ''))}</li>
            ))}
          </ul>
        ) : (
          lines.map((line, j) =>
            HEADING.test(line) ? (
              <p key={`${i}-${j}`} className="font-semibold text-zinc-100">
                {plain(line.replace(HEADING, ''))}
              </p>
            ) : (
              <p key={`${i}-${j}`}>{plain(line)}</p>
            ),
          )
        ),
      )}
    </div>
  );
}

/** The latest version's number, date and, folded, its changelog. */
export function LatestVersion({ version }: { version: PurchaseVersion }) {
  return (
    <details className="rounded-lg border border-zinc-800 bg-zinc-950/40 px-3.5 py-2.5" open>
      <summary className="cursor-pointer text-sm font-medium text-zinc-200">
        What&apos;s new in {version.version}{' '}
        <span className="font-normal text-zinc-400">
          ·{' '}
          <time dateTime={version.releasedAt}>
            {dateFormat.format(new Date(version.releasedAt))}
          </time>
        </span>
      </summary>
      <div className="mt-2">
        {version.changelog.trim() ? (
          <Changelog markdown={version.changelog} />
        ) : (
          <p className="text-sm text-zinc-400">No changelog for this version.</p>
        )}
      </div>
    </details>
  );
}

/** Older versions the seller keeps available, each file downloadable (it spends a download). */
export function OlderVersions({
  versions,
  productName,
  disabled,
  onDownload,
}: {
  versions: PurchaseVersion[];
  productName: string;
  disabled: boolean;
  onDownload: (version: PurchaseVersion, file: VersionFile) => void;
}) {
  if (versions.length === 0) return null;
  return (
    <details className="rounded-lg border border-zinc-800 px-3.5 py-2.5">
      <summary className="cursor-pointer text-sm font-medium text-zinc-200">
        Older versions ({versions.length})
      </summary>
      <ul className="mt-2 divide-y divide-zinc-800">
        {versions.map((v) => (
          <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm text-zinc-300">
              {v.version} ·{' '}
              <time dateTime={v.releasedAt}>{dateFormat.format(new Date(v.releasedAt))}</time>
            </span>
            <span className="flex flex-wrap gap-2">
              {v.files.map((file) => (
                <button
                  key={file.id}
                  type="button"
                  disabled={disabled}
                  onClick={() => onDownload(v, file)}
                  className="rounded-lg border border-zinc-700 px-2.5 py-1 text-xs text-zinc-200 hover:bg-zinc-800 disabled:opacity-50"
                >
                  Download {v.version}
                  {v.files.length > 1 ? `: ${fileTitle(file)}` : ''}
                  <span className="sr-only"> of {productName}</span>
                </button>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
