import { Award } from 'lucide-react';

/** "Licence certificate": a paid line's certificate PDF, downloaded by the browser. */
export function LicenseCertificateLink({
  path,
  productName,
}: {
  path: string;
  productName: string;
}) {
  return (
    <a
      href={path}
      download
      aria-label={`Licence certificate for ${productName}`}
      className="inline-flex items-center gap-1 text-xs font-medium text-brand-300 underline-offset-2 hover:text-brand-200 hover:underline"
    >
      <Award aria-hidden="true" className="size-3.5" />
      Licence certificate
    </a>
  );
}
