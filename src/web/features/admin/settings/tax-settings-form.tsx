import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { adminTaxSettingsMessages } from '#shared/admin-tax-settings';
import type { TaxSettings } from '#shared/tax-settings';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useAdminWrite } from '../api/admin-write';
import { adminKeys } from '../api/admin-keys';
import { adminSettingsApi } from '../api/settings';
import { Field, WriteFailure, type ControlProps } from '../forms/field';
import { writeError, type FieldErrors } from '../forms/form-errors';
import {
  countryOptions,
  newRowKey,
  rateKey,
  taxFormValues,
  taxInput,
  type RateRow,
  type RegistrationRow,
  type TaxFormValues,
} from './tax-form-values';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <div className="mt-4 grid gap-5">{children}</div>
    </Card>
  );
}

/** One choice of a few, as radio buttons under a legend. */
function Choices<T extends string | boolean>({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly (readonly [T, string])[];
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-200">{legend}</legend>
      <div className="grid gap-2">
        {options.map(([option, label]) => (
          <label key={label} className="flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="radio"
              name={name}
              className="size-4 accent-brand-500"
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CountrySelect({
  control,
  value,
  onChange,
  empty,
  withEu,
}: {
  control: ControlProps;
  value: string;
  onChange: (value: string) => void;
  empty?: string;
  withEu?: boolean;
}) {
  return (
    <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
      {empty !== undefined && <option value="">{empty}</option>}
      {withEu && <option value="EU">EU one-stop shop (a seller outside the EU)</option>}
      {countryOptions().map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}

const removeClasses =
  'inline-flex size-10 items-center justify-center rounded-lg text-zinc-300 hover:bg-zinc-800 hover:text-white';

/** The owner's tax settings: home, registrations, elsewhere, the EU threshold and rates. */
export function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TaxFormValues>(() => taxFormValues(settings));
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const save = useAdminWrite(adminSettingsApi.saveTax);
  const failed = save.isError ? writeError(save.error) : null;
  const errors: FieldErrors = { ...failed?.fields, ...invalid };
  const set = <K extends keyof TaxFormValues>(key: K, value: TaxFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: problems } = taxInput(values);
    setInvalid(problems);
    save.reset();
    if (!input) return;
    save.mutate(input, {
      onSuccess: (saved) => {
        queryClient.setQueryData(adminKeys.settings('tax'), saved);
        setValues(taxFormValues(saved));
        toast.success(adminTaxSettingsMessages.saved);
      },
    });
  };

  const updateRegistration = (key: number, change: Partial<RegistrationRow>) =>
    set(
      'registrations',
      values.registrations.map((r) => (r.key === key ? { ...r, ...change } : r)),
    );
  const rateRows = (list: 'countryRates' | 'stateRates') => {
    const state = list === 'stateRates';
    const update = (key: number, change: Partial<RateRow>) =>
      set(
        list,
        values[list].map((r) => (r.key === key ? { ...r, ...change } : r)),
      );
    return (
      <>
        {values[list].length > 0 && (
          <ul className="grid gap-4">
            {values[list].map((row, index) => (
              <li key={row.key} className="grid items-start gap-3 sm:grid-cols-[1fr_10rem_auto]">
                <Field
                  label={state ? `State ${index + 1}` : `Country ${index + 1}`}
                  hint={state ? 'Two letters, e.g. TX' : undefined}
                >
                  {(control) =>
                    state ? (
                      <input
                        {...control}
                        className={`${control.className} uppercase`}
                        value={row.code}
                        maxLength={2}
                        autoComplete="off"
                        onChange={(e) => update(row.key, { code: e.target.value })}
                      />
                    ) : (
                      <CountrySelect
                        control={control}
                        value={row.code}
                        onChange={(code) => update(row.key, { code })}
                      />
                    )
                  }
                </Field>
                <Field
                  label={`Rate (%) ${index + 1}`}
                  hint="Up to 3 decimals"
                  errors={errors[`rateOverrides.${rateKey(row, state)}`]}
                >
                  {(control) => (
                    <input
                      {...control}
                      inputMode="decimal"
                      value={row.rate}
                      onChange={(e) => update(row.key, { rate: e.target.value })}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className={`${removeClasses} sm:mt-7`}
                  aria-label={`Remove ${state ? 'state' : 'country'} rate ${index + 1}`}
                  onClick={() =>
                    set(
                      list,
                      values[list].filter((r) => r.key !== row.key),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              set(list, [...values[list], { key: newRowKey(), code: state ? '' : 'DE', rate: '' }])
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            {state ? 'Add a state rate' : 'Add a country rate'}
          </Button>
        </div>
      </>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Tax settings">
      <Section id="tax-prices" title="Prices">
        <Choices
          legend="Listed prices"
          name="pricesIncludeTax"
          value={values.pricesIncludeTax}
          onChange={(include) => set('pricesIncludeTax', include)}
          options={[
            [false, 'Exclude tax: tax is added at checkout'],
            [true, 'Include tax: the price is what the buyer pays'],
          ]}
        />
      </Section>

      <Section id="tax-home" title="Home">
        <div className="grid gap-5 sm:grid-cols-3">
          <Field
            label="Home country"
            errors={errors.homeCountry}
            hint="Where the store is established"
          >
            {(control) => (
              <CountrySelect
                control={control}
                value={values.homeCountry}
                empty="Not set up"
                onChange={(value) => set('homeCountry', value)}
              />
            )}
          </Field>
          <Field
            label="Home state or province"
            errors={errors.homeRegion}
            hint="US or Canada only, e.g. TX or ON"
          >
            {(control) => (
              <input
                {...control}
                className={`${control.className} uppercase`}
                value={values.homeRegion}
                maxLength={3}
                autoComplete="off"
                onChange={(e) => set('homeRegion', e.target.value)}
              />
            )}
          </Field>
          <Field label="Home tax number" errors={errors.homeTaxNumber} hint="e.g. DE123456789">
            {(control) => (
              <input
                {...control}
                value={values.homeTaxNumber}
                autoComplete="off"
                onChange={(e) => set('homeTaxNumber', e.target.value)}
              />
            )}
          </Field>
        </div>
      </Section>

      <Section id="tax-registrations" title="Registrations elsewhere">
        <p className="text-sm text-zinc-400">
          Countries (or US states and Canadian provinces) where the store also collects tax. A
          seller outside the EU registered for its one-stop shop adds &ldquo;EU one-stop
          shop&rdquo;.
        </p>
        {values.registrations.length > 0 && (
          <ul className="grid gap-4">
            {values.registrations.map((row, index) => (
              <li key={row.key} className="grid items-start gap-3 sm:grid-cols-[1fr_8rem_1fr_auto]">
                <Field
                  label={`Registration ${index + 1}: country`}
                  errors={errors[`registrations.${index}.country`]}
                >
                  {(control) => (
                    <CountrySelect
                      control={control}
                      value={row.country}
                      withEu
                      onChange={(country) => updateRegistration(row.key, { country })}
                    />
                  )}
                </Field>
                <Field
                  label={`Registration ${index + 1}: state or province`}
                  errors={errors[`registrations.${index}.region`]}
                >
                  {(control) => (
                    <input
                      {...control}
                      className={`${control.className} uppercase`}
                      value={row.region}
                      maxLength={3}
                      autoComplete="off"
                      onChange={(e) => updateRegistration(row.key, { region: e.target.value })}
                    />
                  )}
                </Field>
                <Field
                  label={`Registration ${index + 1}: tax number`}
                  errors={errors[`registrations.${index}.taxNumber`]}
                >
                  {(control) => (
                    <input
                      {...control}
                      value={row.taxNumber}
                      autoComplete="off"
                      onChange={(e) => updateRegistration(row.key, { taxNumber: e.target.value })}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className={`${removeClasses} sm:mt-12`}
                  aria-label={`Remove registration ${index + 1}`}
                  onClick={() =>
                    set(
                      'registrations',
                      values.registrations.filter((r) => r.key !== row.key),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              set('registrations', [
                ...values.registrations,
                { key: newRowKey(), country: 'GB', region: '', taxNumber: '' },
              ])
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            Add a registration
          </Button>
        </div>
      </Section>

      <Section id="tax-elsewhere" title="Everywhere else">
        <Choices
          legend="Where the store is not registered"
          name="fallback"
          value={values.fallback}
          onChange={(fallback) => set('fallback', fallback)}
          options={[
            ['none', 'No tax where the store is not registered'],
            ['flat', 'Flat 8% estimate everywhere else (default)'],
          ]}
        />
        <div className="sm:max-w-xs">
          <Field
            label="EU one-stop shop threshold ($)"
            errors={errors.ossThresholdCents}
            hint="Cross-border sales to EU consumers in a year above which they pay their own country's rate"
          >
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                value={values.ossThreshold}
                onChange={(e) => set('ossThreshold', e.target.value)}
              />
            )}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-200">
          <input
            type="checkbox"
            name="requireFullAddress"
            className="size-4 accent-brand-500"
            checked={values.requireFullAddress}
            onChange={(e) => set('requireFullAddress', e.target.checked)}
          />
          Require street address and phone at checkout
        </label>
      </Section>

      <Section id="tax-rates" title="Rates">
        <p className="text-sm text-zinc-400">
          The store ships with the published rates for digital services. Add a country here only to
          use another rate. US states have no shipped rates: add each state you collect in.
        </p>
        <h3 className="text-base font-semibold text-white">Country rates</h3>
        {rateRows('countryRates')}
        <h3 className="text-base font-semibold text-white">US state rates</h3>
        {rateRows('stateRates')}
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save tax settings'}
        </Button>
        <WriteFailure message={failed?.message ?? null} />
        {Object.keys(errors).length > 0 && !failed?.message && (
          <p role="alert" className="text-sm text-red-300">
            Some fields need a look: see the messages above.
          </p>
        )}
      </div>
    </form>
  );
}
