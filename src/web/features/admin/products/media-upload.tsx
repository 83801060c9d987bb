import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { mediaUploadsApi } from '../api/products';
import { writeError } from '../forms/form-errors';

const kinds = {
  image: {
    noun: 'cover image',
    accept: 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff',
    upload: (file: File) => mediaUploadsApi.image(file).then((image) => image.url),
  },
  preview: {
    noun: 'audio preview',
    accept: 'audio/*,.wav,.mp3,.flac,.ogg',
    upload: (file: File) => mediaUploadsApi.preview(file).then((preview) => preview.url),
  },
} as const;

/**
 * A cover image or an audio preview: the chosen file is uploaded (the server checks its content,
 * resizes an image), and the address it answers becomes the product's, shown or played here.
 */
export function MediaUpload({
  kind,
  label,
  value,
  errors,
  onChange,
}: {
  kind: keyof typeof kinds;
  label: string;
  value: string;
  errors?: string[];
  onChange: (url: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const upload = useMutation({ mutationFn: kinds[kind].upload });
  const failed = upload.isError
    ? (writeError(upload.error).fields.file?.[0] ?? writeError(upload.error).message)
    : null;
  const problem = failed ?? errors?.join(' ');

  return (
    <div className="space-y-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {value &&
        (kind === 'image' ? (
          <img
            src={value}
            alt="Cover image preview"
            className="aspect-square w-40 rounded-lg border border-zinc-800 object-cover"
          />
        ) : (
          <audio controls src={value} aria-label="Audio preview" className="w-full max-w-md" />
        ))}
      <input
        id={id}
        type="file"
        accept={kinds[kind].accept}
        disabled={upload.isPending}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (!file) return;
          setName(file.name);
          upload.mutate(file, { onSuccess: onChange });
        }}
        className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-zinc-100 hover:file:bg-zinc-700"
      />
      <p role="status" className="text-sm text-zinc-300">
        {upload.isPending ? `Uploading ${name}...` : upload.isSuccess ? `${name} uploaded` : ''}
      </p>
      {problem && (
        <p id={`${id}-error`} className="flex items-start gap-2 text-sm text-red-300">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-400" />
          {problem}
        </p>
      )}
      {value && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-400">
          {/* The name the owner knows it by, not the store's own path to it. */}
          <span className="break-all">{name || `Current ${kinds[kind].noun}`}</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setName('');
              onChange('');
            }}
          >
            Remove
          </Button>
        </div>
      )}
    </div>
  );
}
