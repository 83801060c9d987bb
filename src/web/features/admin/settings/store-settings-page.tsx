import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SOCIAL_NETWORKS, SOCIAL_NETWORK_NAMES } from '#shared/store-brand';
import {
  storeSettingsInputSchema,
  storeSettingsMessages,
  type StoreSettings,
  type StoreSettingsInput,
} from '#shared/store-settings-schema';
import { storeKeys } from '#web/api/store';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { mediaUploadsApi } from '../api/products';
import {
  storeSettingsApi,
  storeSettingsKeys,
  storeSettingsQueryOptions,
} from '../api/store-settings';
import { Field, WriteFailure } from '../forms/field';
import { writeError } from '../forms/form-errors';
import { useCheckedWrite } from '../forms/use-checked-write';
import { FooterColumnsEditor } from './footer-columns-editor';
import { SettingsTabs } from './settings-tabs';

const inputOf = ({ logoUrl: _logoUrl, ...input }: StoreSettings): StoreSettingsInput => input;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={`${id}-heading`} className="p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

/** The logo: uploaded (the server checks and resizes it), shown, or removed. */
function LogoField({
  url,
  errors,
  onChange,
}: {
  url: string | null;
  errors?: string[];
  onChange: (logo: { id: string; url: string } | null) => void;
}) {
  const id = useId();
  const upload = useMutation({ mutationFn: mediaUploadsApi.image });
  const failed = upload.isError
    ? (writeError(upload.error).fields.file?.[0] ?? writeError(upload.error).message)
    : null;
  const problem = failed ?? errors?.join(' ');
  return (
    <div className="space-y-3 sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200">
        Logo
      </label>
      <div className="flex flex-wrap items-center gap-4">
        {url ? (
          <img
            src={url}
            alt="The store's logo"
            className="size-16 rounded-lg border border-zinc-800 object-contain"
          />
        ) : (
          <p className="text-sm text-zinc-400">No logo: the header shows the waveform mark.</p>
        )}
        {url && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            Remove logo
          </Button>
        )}
      </div>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        disabled={upload.isPending}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : `${id}-hint`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) upload.mutate(file, { onSuccess: (image) => onChange(image) });
        }}
        className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-800 file:px-3 file:py-2 file:text-zinc-100 hover:file:bg-zinc-700"
      />
      <p id={`${id}-hint`} className="text-xs text-zinc-400">
        A square image works best; it is shown 32 px high beside the store&apos;s name.
      </p>
      <p role="status" className="text-sm text-zinc-300">
        {upload.isPending ? 'Uploading the logo...' : ''}
      </p>
      {problem && (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}

function StoreForm({ settings }: { settings: StoreSettings }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(inputOf(settings));
  const [logoUrl, setLogoUrl] = useState(settings.logoUrl);
  const save = useCheckedWrite(storeSettingsInputSchema, storeSettingsApi.saveStore, [
    storeKeys.info,
  ]);
  const { errors } = save;
  const text = (key: 'name' | 'tagline' | 'supportEmail' | 'senderName' | 'communityUrl') => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.submit(values, values, (saved) => {
      queryClient.setQueryData(storeSettingsKeys.store, saved);
      setValues(inputOf(saved));
      setLogoUrl(saved.logoUrl);
      toast.success(storeSettingsMessages.saved);
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Section id="branding" title="Branding">
        <Field label="Store name" errors={errors.name} hint="The header, titles and e-mails">
          {(control) => <input {...control} {...text('name')} autoComplete="organization" />}
        </Field>
        <Field
          label="Accent colour"
          errors={errors.accentColor}
          hint="#rrggbb; empty for the theme's violet"
        >
          {(control) => (
            <div className="flex gap-2">
              <input
                {...control}
                name="accentColor"
                value={values.accentColor}
                placeholder="#7c3aed"
                onChange={(e) => setValues((v) => ({ ...v, accentColor: e.target.value }))}
              />
              <input
                type="color"
                aria-label="Pick the accent colour"
                value={/^#[0-9a-f]{6}$/i.test(values.accentColor) ? values.accentColor : '#7c3aed'}
                onChange={(e) => setValues((v) => ({ ...v, accentColor: e.target.value }))}
                className="h-10 w-12 shrink-0 rounded-lg border border-zinc-700 bg-zinc-900"
              />
            </div>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field label="Tagline" errors={errors.tagline} hint="Under the name in the footer">
            {(control) => <input {...control} {...text('tagline')} />}
          </Field>
        </div>
        <LogoField
          url={logoUrl}
          errors={errors.logoUploadId}
          onChange={(logo) => {
            setValues((v) => ({ ...v, logoUploadId: logo?.id ?? null }));
            setLogoUrl(logo?.url ?? null);
          }}
        />
      </Section>

      <Section id="contact" title="Contact">
        <Field
          label="Support e-mail"
          errors={errors.supportEmail}
          hint="Shown on the support, about and legal pages"
        >
          {(control) => <input {...control} {...text('supportEmail')} type="email" />}
        </Field>
        <Field
          label="Sender name"
          errors={errors.senderName}
          hint="The name the store's e-mails come from"
        >
          {(control) => <input {...control} {...text('senderName')} />}
        </Field>
      </Section>

      <Section id="links" title="Links">
        <div className="sm:col-span-2">
          <Field
            label="Community link"
            errors={errors.communityUrl}
            hint="Your chat or forum; leave empty and no page invites to one"
          >
            {(control) => (
              <input {...control} {...text('communityUrl')} type="url" placeholder="https://" />
            )}
          </Field>
        </div>
        {SOCIAL_NETWORKS.map((network) => (
          <Field
            key={network}
            label={SOCIAL_NETWORK_NAMES[network]}
            errors={errors[`socialLinks.${network}`]}
          >
            {(control) => (
              <input
                {...control}
                type="url"
                placeholder="Empty: not shown"
                value={values.socialLinks[network]}
                onChange={(e) =>
                  setValues((v) => ({
                    ...v,
                    socialLinks: { ...v.socialLinks, [network]: e.target.value },
                  }))
                }
              />
            )}
          </Field>
        ))}
      </Section>

      <Card as="section" aria-labelledby="footer-heading" className="p-5 sm:p-6">
        <h2 id="footer-heading" className="text-lg font-semibold text-white">
          Footer
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-400">
          The Products column lists the categories that have products. These columns follow it.
        </p>
        <FooterColumnsEditor
          columns={values.footerColumns}
          errors={errors}
          onChange={(footerColumns) => setValues((v) => ({ ...v, footerColumns }))}
        />
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save store settings'}
        </Button>
        <WriteFailure message={save.message} />
      </div>
    </form>
  );
}

/** /admin/settings/store: the store's name, look, contact, links and footer. */
export function StoreSettingsPage() {
  const settings = useQuery(storeSettingsQueryOptions());
  return (
    <>
      <AdminPageHeader title="Store settings">
        What every page and e-mail says about the store: its name, look, addresses and links.
      </AdminPageHeader>
      <SettingsTabs />
      {settings.isPending ? (
        <div role="status" aria-label="Loading the store settings">
          <Skeleton className="h-96 rounded-xl" />
        </div>
      ) : settings.isError ? (
        <ErrorAlert title="The store settings could not be loaded.">
          <RetryButton onRetry={() => void settings.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <StoreForm settings={settings.data} />
      )}
    </>
  );
}
