import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import {
  publishVersionSchema,
  VERSION_FILES_MAX,
  type AdminVersion,
  type FilePlatform,
  type PublishVersionInput,
} from '#shared/versions';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { useAdminWrite } from '../api/admin-write';
import { productWriteRefreshes } from '../api/products';
import { adminVersionsApi, adminVersionsQueryOptions } from '../api/versions';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';
import { FileUpload } from '../uploads/file-upload';
import { PlatformSelect, VersionFiles } from './version-files';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const sentTo = (n: number) => `Sent to ${n} ${n === 1 ? 'owner' : 'owners'}`;

/**
 * The product's versions in the editor: each one's number, date, files (formats, platforms'
 * installers: labelled, ordered, added, removed) and e-mails sent, an old one withdrawn or
 * offered again, and a new one published with its changelog and files.
 */
export function VersionsPanel({ productId }: { productId: string }) {
  const versions = useQuery(adminVersionsQueryOptions(productId));
  return (
    <Card as="section" aria-labelledby="product-versions" className="mt-8 p-5 sm:p-6">
      <h2 id="product-versions" className="text-lg font-semibold text-white">
        Versions
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-400">
        Buyers download the latest available version, and may download older ones you keep
        available. A version can hold several files, each with a label buyers pick by (its format,
        e.g. WAV 24-bit, MIDI) and a platform; any of them spends one of the buyer&apos;s downloads.
      </p>
      {versions.isPending ? (
        <div role="status" aria-label="Loading the versions">
          <Skeleton className="h-24 rounded-xl" />
        </div>
      ) : versions.isError ? (
        <ErrorAlert title="The versions could not be loaded.">
          <RetryButton onRetry={() => void versions.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <VersionList productId={productId} versions={versions.data} />
      )}
      <PublishForm productId={productId} latest={versions.data?.[0]?.version} />
    </Card>
  );
}

function VersionList({ productId, versions }: { productId: string; versions: AdminVersion[] }) {
  const toggle = useAdminWrite(
    (v: AdminVersion) => adminVersionsApi.setAvailable(productId, v.id, !v.available),
    productWriteRefreshes,
  );
  if (versions.length === 0) {
    return <p className="text-sm text-zinc-400">No version yet: publish the first one below.</p>;
  }
  return (
    <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
      {versions.map((v) => (
        <li key={v.id} className="space-y-3 p-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-white">{v.version}</span>
                <span className="text-sm text-zinc-400">{dateOf(v.releasedAt)}</span>
                {!v.available && <Badge>Withdrawn</Badge>}
              </p>
              {v.notifiedCount > 0 && (
                <p className="text-xs text-zinc-400">{sentTo(v.notifiedCount)}</p>
              )}
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(v)}
              aria-label={`${v.available ? 'Withdraw' : 'Offer again'} version ${v.version}`}
            >
              {v.available ? 'Withdraw' : 'Offer again'}
            </Button>
          </div>
          <VersionFiles productId={productId} version={v} />
        </li>
      ))}
    </ul>
  );
}

/** One file of a version being published: its label (format), platform and finished upload. */
interface FileEntry {
  key: number;
  label: string;
  platform: FilePlatform;
  uploadId?: string;
}

function PublishForm({ productId, latest }: { productId: string; latest: string | undefined }) {
  const [version, setVersion] = useState('');
  const [changelog, setChangelog] = useState('');
  const [entries, setEntries] = useState<FileEntry[]>([{ key: 0, label: '', platform: 'any' }]);
  const [notify, setNotify] = useState(true);
  const [round, setRound] = useState(0);
  const write = useCheckedWrite(
    publishVersionSchema,
    (input: PublishVersionInput) => adminVersionsApi.publish(productId, input),
    productWriteRefreshes,
  );
  const edit = (key: number, change: Partial<FileEntry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const files = entries.flatMap(({ label, platform, uploadId }) =>
      uploadId ? [{ platform, uploadId, label }] : [],
    );
    const input = { version, changelog, files, notify };
    write.submit(input, input, (published) => {
      toast.success(
        `Version ${published.version} published${notify ? `. ${sentTo(published.notifiedCount)}` : ''}`,
      );
      setVersion('');
      setChangelog('');
      setEntries([{ key: 0, label: '', platform: 'any' }]);
      setRound(round + 1);
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4 border-t border-zinc-800 pt-5">
      <h3 className="font-semibold text-white">Publish a new version</h3>
      <Field
        label="Version number"
        hint={latest ? `Above the latest, ${latest}.` : 'For example 1.0.0.'}
        errors={write.errors.version}
      >
        {(control) => (
          <input {...control} value={version} onChange={(e) => setVersion(e.target.value)} />
        )}
      </Field>
      <Field
        label="Changelog"
        hint="Markdown. Buyers read it in their downloads and in the update e-mail."
        errors={write.errors.changelog}
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            value={changelog}
            onChange={(e) => setChangelog(e.target.value)}
          />
        )}
      </Field>
      <fieldset className="space-y-3">
        <legend className="mb-1.5 text-sm font-medium text-zinc-200">Files</legend>
        <p className="text-xs text-zinc-400">
          One file for all platforms, several formats (a label each, e.g. WAV 24-bit, MIDI), or an
          installer per platform.
        </p>
        {entries.map((entry, i) => (
          <div
            key={`${entry.key}-${round}`}
            className="space-y-3 rounded-xl border border-zinc-800 p-3"
          >
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end">
              <Field label={`Label of file ${i + 1}`}>
                {(control) => (
                  <input
                    {...control}
                    placeholder="e.g. WAV 24-bit"
                    value={entry.label}
                    onChange={(e) => edit(entry.key, { label: e.target.value })}
                  />
                )}
              </Field>
              <PlatformSelect
                label={`Platform of file ${i + 1}`}
                value={entry.platform}
                onChange={(platform) => edit(entry.key, { platform })}
              />
              {entries.length > 1 && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setEntries((list) => list.filter((e) => e.key !== entry.key))}
                  aria-label={`Remove file ${i + 1}`}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              )}
            </div>
            <FileUpload
              label={`File ${i + 1}`}
              onUploaded={(record) => edit(entry.key, { uploadId: record.id })}
            />
          </div>
        ))}
        {entries.length < VERSION_FILES_MAX && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              setEntries((list) => [
                ...list,
                { key: Math.max(...list.map((e) => e.key)) + 1, label: '', platform: 'any' },
              ])
            }
          >
            <Plus aria-hidden="true" className="size-4" /> Add another file
          </Button>
        )}
      </fieldset>
      {write.errors.files && <p className="text-sm text-red-300">{write.errors.files.join(' ')}</p>}
      <label className="flex items-center gap-2 text-sm text-zinc-200">
        <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
        Notify owners by e-mail
      </label>
      <WriteFailure message={write.message} />
      <Button type="submit" disabled={write.isPending}>
        {write.isPending ? 'Publishing…' : 'Publish version'}
      </Button>
    </form>
  );
}
