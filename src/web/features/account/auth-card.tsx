import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { PageTitle } from '#web/components/ui/page-title';

/** The centred card every account form sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
      <PageTitle title={title} />
      <div className="rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-semibold text-white">{title}</h1>
        {subtitle && <p className="mt-2 text-sm text-zinc-400">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-zinc-400">{footer}</div>}
    </div>
  );
}

/** A form's outcome in words: an error (announced) or a success. */
export function FormMessage({
  tone,
  children,
}: {
  tone: 'error' | 'success';
  children: ReactNode;
}) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-lg border p-3 text-sm ${
        tone === 'error'
          ? 'border-red-900/60 bg-red-950/40 text-red-200'
          : 'border-emerald-900/60 bg-emerald-950/40 text-emerald-200'
      }`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
