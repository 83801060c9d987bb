import { Link } from 'react-router';
import { toast } from '#web/components/shell/toast';
import { promoStatusLabels, type AdminPromoCode, type PromoStatus } from '#shared/admin-promos';
import { formatPrice } from '#shared/money';
import { promoDiscountLabel } from '#shared/promo-discount';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDeactivatePromo } from '../api/promos';
import { writeError } from '../forms/form-errors';

const statusTones: Record<PromoStatus, string> = {
  active: 'border-emerald-700/70 bg-emerald-950/60 text-emerald-200',
  scheduled: 'border-sky-700/70 bg-sky-950/60 text-sky-200',
  ended: 'border-zinc-700 bg-zinc-800/80 text-zinc-300',
  'used-up': 'border-amber-700/70 bg-amber-950/60 text-amber-200',
  inactive: 'border-zinc-700 bg-zinc-800/80 text-zinc-300',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = (iso: string) => when.format(new Date(iso));

/** From when to when a code is usable, in words. */
function windowText({ startsAt, expiresAt }: AdminPromoCode): string {
  if (startsAt && expiresAt) return `${date(startsAt)} to ${date(expiresAt)}`;
  if (startsAt) return `From ${date(startsAt)}`;
  if (expiresAt) return `Until ${date(expiresAt)}`;
  return 'No end date';
}

/** What a code is limited to, in words. */
function limitsText(promo: AdminPromoCode): string[] {
  const limits: string[] = [];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (promo.productIds.length || promo.categoryIds.length) {
    const parts = [
      promo.productIds.length ? count(promo.productIds.length, 'product', 'products') : '',
      promo.categoryIds.length ? count(promo.categoryIds.length, 'category', 'categories') : '',
    ].filter(Boolean);
    limits.push(`Only ${parts.join(' and ')}`);
  } else limits.push('Whole store');
  if (promo.maxRedemptions !== null)
    limits.push(`${promo.redemptions} of ${promo.maxRedemptions} uses taken`);
  if (promo.oncePerCustomer) limits.push('One use per customer');
  return limits;
}

/** One code in the admin's list: its terms, what it brought, and its actions. */
export function PromoRow({ promo }: { promo: AdminPromoCode }) {
  const deactivate = useDeactivatePromo();
  const { stats } = promo;
  const onDeactivate = () =>
    deactivate.mutate(promo.code, {
      onSuccess: () => toast.success(`Promo code ${promo.code} deactivated`),
      onError: (error) => toast.error(writeError(error).message ?? 'The code was not changed.'),
    });
  return (
    <Card as="li" className="p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold tracking-wide text-white">
            {promo.code}
            <span
              className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold tracking-normal ${statusTones[promo.status]}`}
            >
              {promoStatusLabels[promo.status]}
            </span>
          </h3>
          <p className="mt-1 text-sm text-zinc-300">
            {promoDiscountLabel(promo)} · {windowText(promo)}
          </p>
          <p className="mt-1 text-sm text-zinc-400">{limitsText(promo).join(' · ')}</p>
        </div>
        <div className="flex gap-2">
          <Link
            to={`/admin/promo-codes/${encodeURIComponent(promo.code)}`}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`Edit ${promo.code}`}
          >
            Edit
          </Link>
          {promo.isActive && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onDeactivate}
              disabled={deactivate.isPending}
              aria-label={`Deactivate ${promo.code}`}
            >
              {deactivate.isPending ? 'Deactivating...' : 'Deactivate'}
            </Button>
          )}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-3 border-t border-zinc-800 pt-3 text-sm">
        <div>
          <dt className="text-zinc-400">Uses</dt>
          <dd className="font-semibold text-white tabular-nums">{stats.uses}</dd>
        </div>
        <div>
          <dt className="text-zinc-400">Revenue</dt>
          <dd className="font-semibold text-white tabular-nums">
            {formatPrice(stats.revenueCents)}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Discount given</dt>
          <dd className="font-semibold text-white tabular-nums">
            {formatPrice(stats.discountCents)}
          </dd>
        </div>
      </dl>
      {stats.refundedUses > 0 && (
        <p className="mt-2 text-xs text-zinc-400">
          {stats.refundedUses} refunded {stats.refundedUses === 1 ? 'order' : 'orders'} not counted
        </p>
      )}
    </Card>
  );
}
