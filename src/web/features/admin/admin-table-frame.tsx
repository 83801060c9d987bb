import type { ReactNode } from 'react';

/**
 * An admin table's frame: a named region that scrolls sideways on a narrow screen, focusable so
 * a keyboard can scroll it too. It is positioned, so a visually hidden heading inside it (an
 * "Actions" column's) stays within it instead of widening the page.
 */
export function AdminTableFrame({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  /** The id of a heading that names it, instead of `label`. */
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-zinc-800 bg-zinc-900"
    >
      {children}
    </div>
  );
}
