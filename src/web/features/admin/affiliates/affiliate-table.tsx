import { formatPercent, type AdminAffiliate } from '#shared/affiliates';
import { formatPrice } from '#shared/money';
import { Button } from '#web/components/ui/button';
import { AdminTable, type AdminColumn } from '../admin-table';
import { adminAffiliatesApi } from '../api/affiliates';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';

const money = (cents: number) => <span className="tabular-nums">{formatPrice(cents)}</span>;

/**
 * Every affiliate with their figures: what they earned, what refunds reversed, what was paid and
 * what is owed; the owner marks what is owed paid, and pauses or resumes an affiliate.
 */
export function AffiliateTable({ affiliates }: { affiliates: AdminAffiliate[] }) {
  const columns: AdminColumn<AdminAffiliate>[] = [
    {
      header: 'Affiliate',
      cellClassName: '[overflow-wrap:anywhere]',
      cell: (a) => (
        <>
          <span className="font-medium text-white">{a.email}</span>
          <code className="block font-mono text-xs text-zinc-400">?ref={a.code}</code>
        </>
      ),
    },
    { header: 'Commission', align: 'right', cell: (a) => formatPercent(a.percentBasisPoints) },
    {
      header: 'Status',
      cellClassName: 'text-zinc-300',
      cell: (a) => (a.status === 'active' ? 'Active' : 'Paused'),
    },
    { header: 'Clicks', align: 'right', cell: (a) => a.clicks },
    { header: 'Orders', align: 'right', cell: (a) => a.orders },
    { header: 'Earned', align: 'right', cell: (a) => money(a.earnedCents) },
    { header: 'Reversed', align: 'right', cell: (a) => money(a.reversedCents) },
    { header: 'Paid', align: 'right', cell: (a) => money(a.paidCents) },
    {
      header: 'Owed',
      align: 'right',
      cellClassName: 'font-medium text-white',
      cell: (a) => money(a.owedCents),
    },
    {
      header: 'Actions',
      srOnlyHeader: true,
      cellClassName: 'text-right',
      cell: (a) => (
        <div className="flex flex-wrap justify-end gap-2">
          {a.owedCents > 0 && (
            <ConfirmWriteDialog
              trigger={
                <Button
                  size="sm"
                  aria-label={`Mark ${formatPrice(a.owedCents)} paid to ${a.email}`}
                >
                  Mark paid
                </Button>
              }
              title={`Mark ${formatPrice(a.owedCents)} paid to ${a.email}?`}
              confirm="Mark paid"
              pending="Recording..."
              run={() => adminAffiliatesApi.payout(a.id)}
              done="Payout recorded"
            >
              Record that you paid this affiliate what they are owed. The commissions it settles are
              no longer owed; a line refunded later is taken from their next payout.
            </ConfirmWriteDialog>
          )}
          <ConfirmWriteDialog
            trigger={
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${a.status === 'active' ? 'Pause' : 'Resume'} ${a.email}`}
              >
                {a.status === 'active' ? 'Pause' : 'Resume'}
              </Button>
            }
            title={`${a.status === 'active' ? 'Pause' : 'Resume'} ${a.email}?`}
            confirm={a.status === 'active' ? 'Pause' : 'Resume'}
            pending="Saving..."
            run={() =>
              adminAffiliatesApi.update(a.id, {
                status: a.status === 'active' ? 'inactive' : 'active',
              })
            }
            done="Affiliate saved"
          >
            {a.status === 'active'
              ? 'Their link stops counting clicks and new orders earn them nothing. What they earned stays.'
              : 'Their link counts again, and orders it brings earn their commission.'}
          </ConfirmWriteDialog>
        </div>
      ),
    },
  ];
  return (
    <AdminTable
      label="Affiliates"
      widthClassName="min-w-[56rem]"
      columns={columns}
      rows={affiliates}
      rowKey={(a) => a.id}
      stackOnPhone
    />
  );
}
