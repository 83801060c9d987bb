import { Link } from 'react-router';
import { BadgeCheck, EyeOff, Store } from 'lucide-react';
import {
  ADMIN_REVIEW_REASON_MAX,
  ADMIN_REVIEW_REPLY_MAX,
  hideReviewSchema,
  replyReviewSchema,
  type AdminReview,
} from '#shared/admin-reviews';
import { licenseLabel } from '#shared/review-rules';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { adminReviewsApi } from '../api/reviews';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';
import { ReviewTextDialog } from './review-text-dialog';
import { ReviewStars } from './review-stars';

function HiddenNote({ review }: { review: AdminReview }) {
  if (review.status !== 'hidden') return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-amber-300">
      <EyeOff aria-hidden="true" className="size-4 shrink-0" />
      {review.hiddenBy === 'refund'
        ? 'Hidden: the purchase was refunded.'
        : `Hidden by the store: ${review.hiddenReason ?? ''}`}
    </p>
  );
}

/** One review as the owner moderates it: what it says, who wrote it, and what can be done. */
export function ReviewCard({ review }: { review: AdminReview }) {
  return (
    <Card as="li" className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/products/${review.product.id}`}
          className="font-medium text-brand-300 underline-offset-4 hover:underline"
        >
          {review.product.name}
        </Link>
        <time dateTime={review.createdAt} className="text-xs text-zinc-400">
          {review.createdAt.slice(0, 10)}
        </time>
      </div>
      <ReviewStars rating={review.rating} />
      <h3 className="font-semibold text-white">{review.title}</h3>
      <p className="text-sm break-words whitespace-pre-line text-zinc-300">{review.text}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
        {review.author.name.trim() && (
          <span className="font-medium text-zinc-200">{review.author.name}</span>
        )}
        <span className="break-all">{review.author.email}</span>
        <span className="inline-flex items-center gap-1 text-emerald-400">
          <BadgeCheck aria-hidden="true" className="size-3.5" />
          Verified buyer
        </span>
        {review.license && <span>{licenseLabel(review.license)}</span>}
      </p>
      <HiddenNote review={review} />
      {review.reply && (
        <div className="rounded-lg border border-zinc-800 bg-zinc-950/60 p-3">
          <p className="mb-1 flex items-center gap-1.5 text-xs font-medium text-zinc-200">
            <Store aria-hidden="true" className="size-3.5" />
            Your public reply
          </p>
          <p className="text-sm break-words whitespace-pre-line text-zinc-300">{review.reply}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2 pt-1">
        <ReviewTextDialog
          trigger={
            <Button variant="secondary" size="sm" aria-label={`Reply to “${review.title}”`}>
              {review.reply ? 'Edit reply' : 'Reply'}
            </Button>
          }
          title={review.reply ? 'Edit your reply' : 'Reply to this review'}
          description="The reply is shown under the review on the product page, to everyone."
          label="Reply"
          field="reply"
          schema={replyReviewSchema}
          initial={review.reply ?? ''}
          maxLength={ADMIN_REVIEW_REPLY_MAX}
          confirm="Publish reply"
          pending="Publishing..."
          run={(reply) => adminReviewsApi.reply(review.id, reply)}
          done="Reply published"
        />
        {review.status === 'published' ? (
          <ReviewTextDialog
            trigger={
              <Button
                variant="ghost"
                size="sm"
                className="text-red-300 hover:text-red-200"
                aria-label={`Hide “${review.title}”`}
              >
                Hide
              </Button>
            }
            title="Hide this review?"
            description="It leaves the product page and its rating. The buyer sees that the store hid it."
            label="Reason (kept in the audit log)"
            field="reason"
            schema={hideReviewSchema}
            maxLength={ADMIN_REVIEW_REASON_MAX}
            confirm="Hide review"
            pending="Hiding..."
            danger
            run={(reason) => adminReviewsApi.hide(review.id, reason)}
            done="Review hidden"
          />
        ) : (
          review.hiddenBy === 'owner' && (
            <ConfirmWriteDialog
              trigger={
                <Button variant="ghost" size="sm" aria-label={`Show “${review.title}” again`}>
                  Show again
                </Button>
              }
              title="Show this review again?"
              confirm="Show review"
              pending="Showing..."
              danger={false}
              run={() => adminReviewsApi.unhide(review.id)}
              done="Review shown"
              alsoRefresh={[['catalogue']]}
            >
              It returns to the product page and counts in its rating again.
            </ConfirmWriteDialog>
          )
        )}
      </div>
    </Card>
  );
}
