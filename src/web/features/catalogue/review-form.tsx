import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import type { Product } from '#shared/catalogue';
import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, reviewMessages } from '#shared/review-rules';
import {
  reviewInputSchema,
  type OwnReview,
  type ReviewInput,
  type ReviewWriteResult,
} from '#shared/reviews';
import { fieldErrors } from '#shared/validation';
import { catalogueKeys } from '#web/api/catalogue';
import { ApiError } from '#web/api/http';
import { reviewKeys, reviewsApi } from '#web/api/reviews';
import { toast } from '#web/components/shell/toast';
import { StarRating } from '#web/components/product/star-rating';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';

type Field = keyof ReviewInput;
type Errors = Partial<Record<Field | 'form', string>>;

function firstErrors(fields: Record<string, string[] | undefined>): Errors {
  const errors: Errors = {};
  for (const field of ['rating', 'title', 'text'] as const) {
    const message = fields[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (stars: number) => void;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-200">Your rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className="relative cursor-pointer rounded p-0.5 has-focus-visible:outline-2"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            <Star
              aria-hidden="true"
              className={`size-7 ${stars <= value ? 'fill-amber-400 text-amber-400' : 'text-zinc-500'}`}
            />
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1.5 text-sm text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The buyer's review: written, shown with Edit and Delete, or edited. */
export function ReviewForm({
  product,
  userId,
  review,
}: {
  product: Product;
  userId: string;
  review: OwnReview | null;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(review === null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [values, setValues] = useState<ReviewInput>({
    rating: review?.rating ?? 0,
    title: review?.title ?? '',
    text: review?.text ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});

  // The product's rating, its reviews and the cards that show them follow the write.
  const written = async (result: ReviewWriteResult, message: string) => {
    queryClient.setQueryData<Product>(catalogueKeys.product(product.id), (old) =>
      old ? { ...old, ratingCount: result.ratingCount, ratingTotal: result.ratingTotal } : old,
    );
    queryClient.setQueryData(reviewKeys.mine(product.id, userId), {
      canReview: result.review === null,
      review: result.review,
    });
    await queryClient.invalidateQueries({ queryKey: reviewKeys.product(product.id) });
    void queryClient.invalidateQueries({
      queryKey: catalogueKeys.all,
      predicate: (query) => query.queryKey[1] !== 'product' && query.queryKey[1] !== 'reviews',
    });
    toast.success(message);
  };
  const failed = (error: Error) => {
    if (error instanceof ApiError && error.fields) setErrors(firstErrors(error.fields));
    else setErrors({ form: error.message });
  };

  const save = useMutation({
    mutationFn: (input: ReviewInput) =>
      review
        ? reviewsApi.update(product.id, review.id, input)
        : reviewsApi.create(product.id, input),
    onSuccess: async (result) => {
      await written(result, reviewMessages.saved);
      setEditing(false);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (reviewId: string) => reviewsApi.remove(product.id, reviewId),
    onSuccess: async (result) => {
      await written(result, reviewMessages.deleted);
      setValues({ rating: 0, title: '', text: '' });
      setConfirmDelete(false);
      setEditing(true);
    },
    onError: failed,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrors(fieldErrors(parsed.error.issues)));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  if (review && !editing) {
    return (
      <div className="space-y-3">
        <h3 className="font-semibold text-white">Your review</h3>
        {review.status === 'hidden' && (
          <p className="text-sm text-amber-300">
            {review.hiddenBy === 'refund'
              ? reviewMessages.hiddenByRefund
              : reviewMessages.hiddenByOwner}
          </p>
        )}
        <StarRating rating={review.rating} reviewCount={1} starsOnly />
        <p className="font-medium text-zinc-100">{review.title}</p>
        <p className="text-sm whitespace-pre-line text-zinc-300">{review.text}</p>
        {errors.form && (
          <p role="alert" className="text-sm text-red-400">
            {errors.form}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {review.hiddenBy !== 'refund' && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit review
            </Button>
          )}
          {confirmDelete ? (
            <>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(review.id)}
              >
                Yes, delete my review
              </Button>
              <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
              Delete review
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-semibold text-white">
        {review ? 'Edit your review' : 'Write a review'}
      </h3>
      <StarPicker
        value={values.rating}
        onChange={(rating) => setValues({ ...values, rating })}
        error={errors.rating}
      />
      <div>
        <label htmlFor={`${id}-title`} className="mb-1.5 block text-sm font-medium text-zinc-200">
          Title
        </label>
        <input
          id={`${id}-title`}
          name="title"
          className={inputClasses}
          maxLength={REVIEW_TITLE_MAX}
          value={values.title}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          onChange={(event) => setValues({ ...values, title: event.target.value })}
        />
        {errors.title && (
          <p id={`${id}-title-error`} className="mt-1.5 text-sm text-red-400">
            {errors.title}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="mb-1.5 block text-sm font-medium text-zinc-200">
          Your review
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={5}
          className={inputClasses}
          maxLength={REVIEW_TEXT_MAX}
          value={values.text}
          aria-invalid={Boolean(errors.text)}
          aria-describedby={errors.text ? `${id}-text-error` : undefined}
          onChange={(event) => setValues({ ...values, text: event.target.value })}
        />
        {errors.text && (
          <p id={`${id}-text-error`} className="mt-1.5 text-sm text-red-400">
            {errors.text}
          </p>
        )}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-red-400">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {review ? 'Save review' : 'Post review'}
        </Button>
        {review && (
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
