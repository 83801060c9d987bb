import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';

/** A failed load, told plainly; `children` may offer a way out. */
export function ErrorAlert({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-900/60 bg-red-950/40 p-5 text-red-200"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-400" />
      <div className="space-y-1">
        <p className="font-medium">{title}</p>
        {children && <div className="text-sm text-red-300/80">{children}</div>}
      </div>
    </div>
  );
}

/** Nothing to show: a calm, centred message. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-800 bg-zinc-900/40 px-6 py-14 text-center">
      <p className="text-lg font-medium text-zinc-200">{title}</p>
      {children && <div className="mt-2 text-sm text-zinc-400">{children}</div>}
    </div>
  );
}
