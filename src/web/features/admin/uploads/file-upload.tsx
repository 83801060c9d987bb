import { useId } from 'react';
import { CircleAlert, CircleCheck, Pause, Play, Upload as UploadIcon } from 'lucide-react';
import { formatFileSize } from '#shared/product';
import type { UploadRecord } from '#shared/uploads';
import { Button } from '#web/components/ui/button';
import { describeProgress } from './upload-progress';
import { useFileUpload } from './use-file-upload';

/**
 * A product file's upload: choose a file, watch its progress, speed and time left,
 * pause and resume; a dropped connection resumes where it stopped. Admin pages only: it pulls
 * in tus-js-client, which no shopper page should load.
 */
export function FileUpload({
  label = 'Product file',
  onUploaded,
}: {
  label?: string;
  onUploaded: (record: UploadRecord) => void;
}) {
  const { state, start, pause, resume, reset } = useFileUpload(onUploaded);
  const inputId = useId();
  const busy = state.status === 'uploading' || state.status === 'paused';

  return (
    <div className="space-y-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4">
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {!busy && (
        <input
          id={inputId}
          type="file"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void start(file);
            event.currentTarget.value = '';
          }}
          className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-zinc-100 hover:file:bg-zinc-700"
        />
      )}

      {busy && (
        <UploadProgress
          name={state.file.name}
          uploaded={state.uploaded}
          total={state.file.size}
          speed={state.speed}
          paused={state.status === 'paused'}
        />
      )}
      {busy && (
        <div className="flex flex-wrap gap-2">
          {state.status === 'uploading' ? (
            <Button variant="secondary" size="sm" onClick={pause}>
              <Pause aria-hidden="true" className="size-4" /> Pause
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={resume}>
              <Play aria-hidden="true" className="size-4" /> Resume
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={reset}>
            Cancel
          </Button>
        </div>
      )}

      {state.status === 'done' && (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-300">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          {state.record.fileName} uploaded ({formatFileSize(state.record.size)})
        </p>
      )}

      {state.status === 'error' && (
        <div role="alert" className="space-y-2 text-sm text-red-300">
          <p className="flex items-start gap-2">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-400" />
            {state.message}
          </p>
          {state.file && state.file.size > 0 && (
            <Button variant="secondary" size="sm" onClick={() => void start(state.file!)}>
              <UploadIcon aria-hidden="true" className="size-4" /> Resume
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function UploadProgress(props: {
  name: string;
  uploaded: number;
  total: number;
  speed: number | null;
  paused: boolean;
}) {
  const { percent, text } = describeProgress(props.uploaded, props.total, props.speed);
  const said = props.paused ? `Paused · ${text}` : text;
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label={`Uploading ${props.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={said}
        className="h-2.5 overflow-hidden rounded-full bg-zinc-800"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${props.paused ? 'bg-zinc-500' : 'bg-brand-500'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="truncate text-xs text-zinc-400 tabular-nums" aria-hidden="true">
        <span className="text-zinc-200">{props.name}</span> · {said}
      </p>
    </div>
  );
}
