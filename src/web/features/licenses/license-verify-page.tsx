import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { BadgeCheck, ShieldAlert, ShieldX } from 'lucide-react';
import {
  licenseCertificateMessages,
  licenseCertificatePaths,
  type LicenseCertificateCheck,
} from '#shared/license-certificate';
import { apiFetch, ApiError } from '#web/api/http';
import { ErrorAlert } from '#web/components/ui/alert';
import { Container } from '#web/components/ui/container';
import { PageTitle } from '#web/components/ui/page-title';
import { Skeleton } from '#web/components/ui/skeleton';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Where a licence certificate's QR code leads: whether the store issued it and whether the
 * licence still stands, with nothing about its holder.
 */
export function LicenseVerifyPage() {
  const { id = '' } = useParams();
  const check = useQuery({
    queryKey: ['license-certificate', id],
    queryFn: () => apiFetch<LicenseCertificateCheck>(licenseCertificatePaths.check(id)),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  return (
    <Container className="max-w-2xl py-10 sm:py-14">
      <PageTitle title="Check a licence certificate" />
      <h1 className="text-3xl font-semibold text-white">Check a licence certificate</h1>
      <p className="mt-2 text-sm text-zinc-400">Certificate ID {id}</p>
      <div className="mt-8">
        {check.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : check.isError ? (
          check.error instanceof ApiError && check.error.status === 404 ? (
            <Verdict
              tone="bad"
              title="Not genuine"
              icon={<ShieldX aria-hidden="true" className="size-6 shrink-0" />}
            >
              {licenseCertificateMessages.notGenuine}.
            </Verdict>
          ) : (
            <ErrorAlert title="The certificate could not be checked. Please try again." />
          )
        ) : (
          <Checked certificate={check.data} />
        )}
      </div>
    </Container>
  );
}

function Checked({ certificate }: { certificate: LicenseCertificateCheck }) {
  const issued = dateFormat.format(new Date(`${certificate.issuedOn}T00:00:00Z`));
  const what = `a ${certificate.licenseType} licence to ${certificate.productName}, issued by ${certificate.storeName} on ${issued}`;
  return certificate.status === 'valid' ? (
    <Verdict
      tone="good"
      title="Genuine"
      icon={<BadgeCheck aria-hidden="true" className="size-6 shrink-0" />}
    >
      This certificate is genuine: {what}. The licence is in force.
    </Verdict>
  ) : (
    <Verdict
      tone="warn"
      title="Genuine, but revoked"
      icon={<ShieldAlert aria-hidden="true" className="size-6 shrink-0" />}
    >
      This certificate was genuine: {what}. The licence has since been revoked (the purchase was
      refunded) and no longer stands.
    </Verdict>
  );
}

const tones = {
  good: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  warn: 'border-amber-500/40 bg-amber-500/10 text-amber-200',
  bad: 'border-red-500/40 bg-red-500/10 text-red-200',
};

function Verdict({
  tone,
  title,
  icon,
  children,
}: {
  tone: keyof typeof tones;
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-label="Result" className={`flex gap-4 rounded-xl border p-5 ${tones[tone]}`}>
      {icon}
      <div>
        <h2 className="text-lg font-semibold text-white">{title}</h2>
        <p className="mt-1 text-sm">{children}</p>
      </div>
    </section>
  );
}
