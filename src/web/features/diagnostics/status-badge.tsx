import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';

export type DiagnosticStatus = 'ok' | 'failed' | 'degraded' | 'down';

const looks: Record<DiagnosticStatus, { className: string; Icon: typeof CircleCheck }> = {
  ok: { className: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40', Icon: CircleCheck },
  degraded: { className: 'bg-amber-500/15 text-amber-300 ring-amber-500/40', Icon: TriangleAlert },
  failed: { className: 'bg-red-500/15 text-red-300 ring-red-500/40', Icon: CircleX },
  down: { className: 'bg-red-500/15 text-red-300 ring-red-500/40', Icon: CircleX },
};

/** ok in green, degraded in amber, failed or down in red; the word is always written out. */
export function StatusBadge({ status }: { status: DiagnosticStatus }) {
  const { className, Icon } = looks[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase ring-1 ${className}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {status}
    </span>
  );
}
