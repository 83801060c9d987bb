import { useState, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { formatFileSize } from '#shared/product';
import {
  addVersionFileSchema,
  fileTitle,
  filePlatforms,
  platformNames,
  type AddVersionFileInput,
  type AdminVersion,
  type FilePlatform,
  type VersionFile,
} from '#shared/versions';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';
import { useAdminWrite } from '../api/admin-write';
import { productWriteRefreshes } from '../api/products';
import { adminVersionsApi } from '../api/versions';
import { writeError } from '../forms/form-errors';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';
import { FileUpload } from '../uploads/file-upload';

/** A platform choice: "All platforms" for a format, or one system's installer. */
export function PlatformSelect({
  value,
  onChange,
  label,
}: {
  value: FilePlatform;
  onChange: (platform: FilePlatform) => void;
  label: string;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as FilePlatform)}
      className={inputClasses}
    >
      {filePlatforms.map((p) => (
        <option key={p} value={p}>
          {platformNames[p]}
        </option>
      ))}
    </select>
  );
}

type FileChange =
  | { kind: 'label'; file: VersionFile; label: string }
  | { kind: 'platform'; file: VersionFile; platform: FilePlatform }
  | { kind: 'remove'; file: VersionFile }
  | { kind: 'order'; fileIds: string[] };

/**
 * A published version's files (formats, platforms' installers) in the order buyers see them:
 * each one's label renamed, platform changed, moved up or down, removed (never the last one).
 */
export function VersionFiles({ productId, version }: { productId: string; version: AdminVersion }) {
  const api = adminVersionsApi;
  const change = useAdminWrite((c: FileChange) => {
    switch (c.kind) {
      case 'label':
        return api.updateFile(productId, version.id, c.file.id, { label: c.label });
      case 'platform':
        return api.updateFile(productId, version.id, c.file.id, { platform: c.platform });
      case 'remove':
        return api.removeFile(productId, version.id, c.file.id);
      case 'order':
        return api.reorderFiles(productId, version.id, c.fileIds);
    }
  }, productWriteRefreshes);
  const failure = change.isError ? writeError(change.error) : null;
  const failed = failure && (Object.values(failure.fields ?? {})[0]?.[0] ?? failure.message);
  const ids = version.files.map((f) => f.id);
  const move = (from: number, to: number) => {
    const order = [...ids];
    const [id] = order.splice(from, 1);
    order.splice(to, 0, id!);
    change.mutate({ kind: 'order', fileIds: order });
  };

  return (
    <div className="space-y-2">
      <ol aria-label={`Files of version ${version.version}`} className="space-y-2">
        {version.files.map((file, i) => (
          <li
            key={file.id}
            className="grid gap-2 rounded-lg border border-zinc-800 bg-zinc-950/40 p-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-center"
          >
            <div className="min-w-0">
              <LabelInput
                key={`${file.id}-${file.label ?? ''}`}
                file={file}
                disabled={change.isPending}
                onSave={(label) => change.mutate({ kind: 'label', file, label })}
              />
              <p className="mt-1 truncate text-xs text-zinc-400">
                {file.fileName} · {formatFileSize(file.fileSize)}
              </p>
            </div>
            <PlatformSelect
              label={`Platform of ${fileTitle(file)}`}
              value={file.platform}
              onChange={(platform) => change.mutate({ kind: 'platform', file, platform })}
            />
            <div className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                disabled={i === 0 || change.isPending}
                onClick={() => move(i, i - 1)}
                aria-label={`Move ${fileTitle(file)} up`}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={i === version.files.length - 1 || change.isPending}
                onClick={() => move(i, i + 1)}
                aria-label={`Move ${fileTitle(file)} down`}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={version.files.length === 1 || change.isPending}
                onClick={() => {
                  if (window.confirm(`Remove ${fileTitle(file)} from version ${version.version}?`))
                    change.mutate({ kind: 'remove', file });
                }}
                aria-label={`Remove ${fileTitle(file)}`}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <WriteFailure message={failed ?? null} />
      <AddFileForm productId={productId} version={version} />
    </div>
  );
}

/** A file's label, saved when the owner leaves the field or presses Enter. */
function LabelInput({
  file,
  disabled,
  onSave,
}: {
  file: VersionFile;
  disabled: boolean;
  onSave: (label: string) => void;
}) {
  const [label, setLabel] = useState(file.label ?? '');
  const save = () => {
    if (label.trim() !== (file.label ?? '')) onSave(label);
  };
  return (
    <input
      aria-label={`Label of ${file.fileName}`}
      placeholder="Label, e.g. WAV 24-bit"
      value={label}
      disabled={disabled}
      maxLength={80}
      onChange={(e) => setLabel(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          save();
        }
      }}
      className={inputClasses}
    />
  );
}

/** One more file for a published version: its label, platform and upload. */
function AddFileForm({ productId, version }: { productId: string; version: AdminVersion }) {
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const [platform, setPlatform] = useState<FilePlatform>('any');
  const [uploadId, setUploadId] = useState('');
  const [round, setRound] = useState(0);
  const write = useCheckedWrite(
    addVersionFileSchema,
    (input: AddVersionFileInput) => adminVersionsApi.addFile(productId, version.id, input),
    productWriteRefreshes,
  );
  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Add a file to {version.version}
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { label, platform, uploadId };
    write.submit(input, input, () => {
      toast.success(`${label || platformNames[platform]} added to ${version.version}`);
      setLabel('');
      setUploadId('');
      setRound(round + 1);
      setOpen(false);
    });
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Add a file to version ${version.version}`}
      className="space-y-3 rounded-lg border border-zinc-800 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Label (format)"
          hint="What buyers pick, e.g. MIDI or Ableton Live 12 project."
          errors={write.errors.label}
        >
          {(control) => (
            <input {...control} value={label} onChange={(e) => setLabel(e.target.value)} />
          )}
        </Field>
        <div>
          <p className="mb-1.5 text-sm font-medium text-zinc-200">Platform</p>
          <PlatformSelect label="Platform" value={platform} onChange={setPlatform} />
        </div>
      </div>
      <FileUpload key={round} label="File" onUploaded={(record) => setUploadId(record.id)} />
      {(write.errors.uploadId || write.errors.files) && (
        <p className="text-sm text-red-300">
          {[...(write.errors.uploadId ?? []), ...(write.errors.files ?? [])].join(' ')}
        </p>
      )}
      <WriteFailure message={write.message} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={write.isPending || !uploadId}>
          {write.isPending ? 'Adding…' : 'Add file'}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
