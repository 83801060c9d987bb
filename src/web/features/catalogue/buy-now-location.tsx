import { useEffect, useId } from 'react';
import { billingMessages } from '#shared/billing';
import {
  COUNTRIES,
  countryOfLocale,
  DEFAULT_COUNTRY_CODE,
  isCountryCode,
  regionLabel,
  regionsOf,
} from '#shared/countries';
import { lastOrderCountry } from '#web/api/orders';
import { inputClasses } from '#web/components/ui/text-field';

/** Where a Buy Now order is billed: the tax depends on it. */
export interface BuyNowLocation {
  country: string;
  region: string;
}

/**
 * The first guess: the country (and state) of the buyer's latest order, else the browser's
 * language region (de-DE → Germany), else the United States, the spec's default.
 */
export async function guessBuyNowLocation(): Promise<BuyNowLocation> {
  const last = await lastOrderCountry().catch(() => null);
  if (last && isCountryCode(last.country)) {
    return { country: last.country, region: last.region ?? '' };
  }
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  return { country: countryOfLocale(locale) ?? DEFAULT_COUNTRY_CODE, region: '' };
}

/** Why Buy Now cannot start from here (a state not chosen where the country has them), or null. */
export const buyNowLocationError = ({ country, region }: BuyNowLocation): string | null =>
  regionsOf(country).length > 0 && !region ? billingMessages.regionRequired(country) : null;

/**
 * Buy Now's one question: the billing country (and the state or province where the country has
 * them), prefilled with the best guess. Loaded only for a signed-in shopper, so the country list
 * stays out of the product page's first JavaScript.
 */
export default function BuyNowLocationFields({
  value,
  onChange,
}: {
  value: BuyNowLocation | null;
  onChange: (location: BuyNowLocation) => void;
}) {
  const countryId = useId();
  const regionId = useId();

  useEffect(() => {
    if (value) return;
    let current = true;
    void guessBuyNowLocation().then((guess) => current && onChange(guess));
    return () => {
      current = false;
    };
  }, [value, onChange]);

  const country = value?.country ?? DEFAULT_COUNTRY_CODE;
  const regions = regionsOf(country);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={countryId} className="mb-1.5 block text-sm font-medium text-zinc-200">
          Country
        </label>
        <select
          id={countryId}
          autoComplete="country"
          value={country}
          disabled={!value}
          onChange={(event) => onChange({ country: event.target.value, region: '' })}
          className={inputClasses}
        >
          {COUNTRIES.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      {regions.length > 0 && (
        <div>
          <label htmlFor={regionId} className="mb-1.5 block text-sm font-medium text-zinc-200">
            {regionLabel(country)}
          </label>
          <select
            id={regionId}
            autoComplete="address-level1"
            value={value?.region ?? ''}
            disabled={!value}
            onChange={(event) => onChange({ country, region: event.target.value })}
            className={inputClasses}
          >
            <option value="">Choose…</option>
            {regions.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
