import type { OrderLicenseKey } from '#shared/orders';
import { LicenseKey } from './license-key';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The licence keys of one order line: each key with its copy button, how many machines it runs
 * on, and when it ends or that it was revoked. The order page and the guest order page show them.
 */
export function LicenseKeyList({
  productName,
  licenses,
}: {
  productName: string;
  licenses: OrderLicenseKey[];
}) {
  if (licenses.length === 0) return null;
  return (
    <ul aria-label={`Licence keys for ${productName}`} className="mt-2 space-y-2">
      {licenses.map((license) => (
        <li key={license.key} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {license.revokedAt ? (
            <span className="font-mono text-sm text-zinc-500 line-through">{license.key}</span>
          ) : (
            <LicenseKey licenseKey={license.key} productName={productName} />
          )}
          <span className="text-xs text-zinc-400">{keyNote(license)}</span>
        </li>
      ))}
    </ul>
  );
}

function keyNote(license: OrderLicenseKey): string {
  if (license.revokedAt) return 'Revoked';
  const machines = `${license.seats} machine${license.seats === 1 ? '' : 's'}`;
  const end = license.expiresAt
    ? `valid until ${dateFormat.format(new Date(license.expiresAt))}`
    : 'perpetual';
  return `${machines} · ${end}`;
}
