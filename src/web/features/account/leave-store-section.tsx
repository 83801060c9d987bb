import { Download, UserX } from 'lucide-react';
import { leavingApi } from '#web/api/devices-and-leaving';
import { buttonClasses } from '#web/components/ui/button';
import { DeleteAccountDialog } from './delete-account-dialog';

/** "Your data": a copy of everything the store keeps, and leaving the store for good. */
export function LeaveStoreSection({ email }: { email: string }) {
  return (
    <section
      aria-labelledby="your-data-heading"
      className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
    >
      <h2
        id="your-data-heading"
        className="flex items-center gap-2 text-lg font-semibold text-white"
      >
        <UserX aria-hidden="true" className="size-5 text-brand-400" />
        Your data
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="font-medium text-white">Download my data</h3>
          <p className="mt-1 text-sm text-zinc-400">
            A JSON file of your profile, orders, saved billing details, downloads, newsletter
            status, cart, wishlist and support messages.
          </p>
          <a
            href={leavingApi.exportPath}
            download
            className={buttonClasses('secondary', 'md', 'mt-3')}
          >
            <Download aria-hidden="true" className="size-4" />
            Download my data
          </a>
        </div>
        <div>
          <h3 className="font-medium text-white">Delete my account</h3>
          <p className="mt-1 text-sm text-zinc-400">
            Your account, sign-ins, cart and wishlist go for good. Orders stay in the store&apos;s
            books without your name, e-mail or address.
          </p>
          <div className="mt-3">
            <DeleteAccountDialog email={email} />
          </div>
        </div>
      </div>
    </section>
  );
}
