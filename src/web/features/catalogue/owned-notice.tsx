import { Link } from 'react-router';
import { BadgeCheck, Download } from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button';

/** An owned digital download: no second copy to buy, the files are in the hub. */
export function OwnedNotice() {
  return (
    <div className="rounded-xl border border-emerald-900/60 bg-emerald-950/30 p-5">
      <p className="flex items-center gap-2 font-medium text-emerald-200">
        <BadgeCheck aria-hidden="true" className="size-5" />
        You own this product
      </p>
      <p className="mt-1 text-sm text-emerald-100/80">
        Your files are waiting in your Download Hub, with the downloads your purchase includes.
      </p>
      <Link to="/download-hub" className={buttonClasses('primary', 'lg', 'mt-4 w-full')}>
        <Download aria-hidden="true" className="size-4" />
        Go to Download Hub
      </Link>
    </div>
  );
}
