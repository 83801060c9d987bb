import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { cartReminderMessages } from '#shared/cart-reminders';
import { Link } from 'react-router';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { COUNTRIES, regionLabel, regionsOf, usesPostalCode } from '#shared/countries';
import type { CheckoutAsks } from '#shared/store';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';
import { CheckoutErrorBox } from './checkout-alerts';
import { requiredFields, type CheckoutForm } from './checkout-form';

type FieldName = keyof CheckoutForm;

function Label({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-zinc-200">
      {label}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-400">
          *
        </span>
      ) : (
        <>
          {' '}
          <span className="font-normal text-zinc-400">(optional)</span>
        </>
      )}
    </label>
  );
}

function Field({
  label,
  name,
  form,
  onChange,
  className = '',
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'onChange'> & {
  label: string;
  name: Exclude<FieldName, 'country' | 'region'>;
  form: CheckoutForm;
  onChange: (name: FieldName, value: string) => void;
}) {
  const id = useId();
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} required={input.required} />
      <input
        id={id}
        name={name}
        className={inputClasses}
        value={form[name]}
        onChange={(event) => onChange(name, event.target.value)}
        {...input}
      />
    </div>
  );
}

function Select({
  label,
  name,
  form,
  onChange,
  options,
  required,
  autoComplete,
}: {
  label: string;
  name: 'country' | 'region';
  form: CheckoutForm;
  onChange: (name: FieldName, value: string) => void;
  options: readonly { code: string; name: string }[];
  required?: boolean;
  autoComplete: string;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        required={required}
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(event) => onChange(name, event.target.value)}
        className={inputClasses}
      >
        {name === 'region' && <option value="">Choose…</option>}
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-4 text-lg font-semibold text-white">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The information step: contact email, billing details, an optional promo code, and 'Continue
 * to payment'. Every country is offered (the spec's four first; typing a name jumps to it); the
 * state or province is asked only where the country has them, the postal code only where it
 * uses one; the street address, city, postal code and phone are required only when the owner's
 * settings say so; a VAT number is offered to business buyers where it changes the tax.
 */
export function InformationStep({
  form,
  asks,
  signedInEmail,
  fromSavedBilling = false,
  remindCart,
  onChange,
  onSubmit,
  isCreating,
  error,
}: {
  form: CheckoutForm;
  /** What the owner's settings ask of the buyer (GET /api/store). */
  asks: CheckoutAsks;
  /** A signed-in buyer's receipt goes to their account's address. */
  signedInEmail: string | null;
  /** Whether the billing fields were filled in from the buyer's saved details. */
  fromSavedBilling?: boolean;
  /**
   * A guest's consent to one reminder should they not finish: offered when the owner switched
   * reminders on (asks.offersCartReminder) and nobody is signed in.
   */
  remindCart?: { checked: boolean; onChange: (checked: boolean) => void };
  onChange: (name: FieldName, value: string) => void;
  onSubmit: () => void;
  isCreating: boolean;
  error: string | null;
}) {
  const required = requiredFields(form, asks);
  const regions = regionsOf(form.country);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const field = { form, onChange };

  return (
    <form onSubmit={submit} aria-label="Checkout information" className="space-y-8">
      <Section title="Contact">
        <Field
          {...field}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          {...(signedInEmail ? { value: signedInEmail, readOnly: true } : {})}
        />
        {signedInEmail && (
          <p className="-mt-2 text-xs text-zinc-400">
            Signed in: your receipt goes to your account&apos;s email address.
          </p>
        )}
        {!signedInEmail && asks.offersCartReminder && remindCart && (
          <label className="-mt-2 flex items-start gap-3 text-sm text-zinc-300">
            <input
              type="checkbox"
              name="remindCart"
              checked={remindCart.checked}
              onChange={(event) => remindCart.onChange(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-brand-500"
            />
            {cartReminderMessages.consent}
          </label>
        )}
      </Section>

      <Section title="Billing details">
        {fromSavedBilling && (
          <p className="-mt-2 text-sm text-zinc-400">
            Filled in from your last order: change anything you need. You can delete your saved
            details in{' '}
            <Link
              to="/profile"
              className="text-brand-300 underline underline-offset-2 hover:text-white"
            >
              your profile
            </Link>
            .
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            {...field}
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
          />
          <Field {...field} label="Last name" name="lastName" autoComplete="family-name" required />
        </div>
        <Field {...field} label="Company" name="company" autoComplete="organization" />
        <Field
          {...field}
          label="Address"
          name="address"
          autoComplete="address-line1"
          required={required.has('address')}
        />
        <Field
          {...field}
          label="Apartment, suite, etc."
          name="apartment"
          autoComplete="address-line2"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            {...field}
            label="City"
            name="city"
            autoComplete="address-level2"
            required={required.has('city')}
          />
          <Select
            {...field}
            label="Country"
            name="country"
            options={COUNTRIES}
            autoComplete="country"
            required
          />
          {regions.length > 0 && (
            <Select
              {...field}
              label={regionLabel(form.country)}
              name="region"
              options={regions}
              autoComplete="address-level1"
              required
            />
          )}
          {usesPostalCode(form.country) && (
            <Field
              {...field}
              label="Postal code"
              name="postalCode"
              autoComplete="postal-code"
              required={required.has('postalCode')}
            />
          )}
        </div>
        <Field
          {...field}
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required={required.has('phone')}
        />
        {asks.asksVatNumber && (
          <Field
            {...field}
            label="VAT number (business purchases)"
            name="vatNumber"
            autoComplete="off"
            maxLength={20}
          />
        )}
      </Section>

      <Section title="Promo code">
        <Field
          {...field}
          label="Promo code"
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="e.g. SAVE20"
        />
        <p className="-mt-2 text-xs text-zinc-400">
          The code is checked when you continue to payment.
        </p>
      </Section>

      {error && <CheckoutErrorBox message={error} />}

      <div className="flex flex-col-reverse gap-4 border-t border-zinc-800 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <Link
          to="/cart"
          className="inline-flex items-center gap-2 rounded text-sm text-zinc-400 transition-colors hover:text-white"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Return to cart
        </Link>
        <Button type="submit" size="lg" disabled={isCreating} aria-busy={isCreating || undefined}>
          {isCreating && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {isCreating ? 'Creating checkout...' : 'Continue to payment'}
        </Button>
      </div>
    </form>
  );
}
