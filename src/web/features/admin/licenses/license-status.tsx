import type { AdminLicenseStatus } from '#shared/admin-licenses';

const looks: Record<AdminLicenseStatus, [label: string, classes: string]> = {
  active: ['Active', 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200'],
  revoked: ['Revoked', 'border-red-500/40 bg-red-500/10 text-red-200'],
  expired: ['Expired', 'border-amber-500/40 bg-amber-500/10 text-amber-200'],
};

/** A licence's standing: active, revoked or expired. */
export function LicenseStatus({ status }: { status: AdminLicenseStatus }) {
  const [label, classes] = looks[status];
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${classes}`}
    >
      {label}
    </span>
  );
}

/** How the licences' pages write a time: "Nov 24, 2026, 5:30 AM". */
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => date.format(new Date(iso));
