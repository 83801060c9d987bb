import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Handshake } from 'lucide-react';
import { myAffiliateQuery } from '#web/api/affiliate';
import { buttonClasses } from '#web/components/ui/button';

/** The profile's way to the affiliate page, for an account the store made an affiliate. */
export function AffiliateShortcut() {
  const affiliate = useQuery(myAffiliateQuery);
  if (!affiliate.data) return null;
  return (
    <section
      aria-labelledby="affiliate-shortcut-heading"
      className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
    >
      <div>
        <h2 id="affiliate-shortcut-heading" className="text-lg font-semibold text-white">
          Affiliate
        </h2>
        <p className="mt-1 text-sm text-zinc-400">Your referral link, clicks and commission.</p>
      </div>
      <Link to="/affiliate" className={buttonClasses('secondary', 'md')}>
        <Handshake aria-hidden="true" className="size-4" />
        Affiliate page
      </Link>
    </section>
  );
}
