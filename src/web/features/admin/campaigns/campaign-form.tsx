import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Eye, Send, TestTube, X } from 'lucide-react';
import {
  campaignDraftSchema,
  campaignLimits,
  type AdminCampaign,
  type CampaignDraft,
  type CampaignPreview,
} from '#shared/campaigns';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { useAdminWrite } from '../api/admin-write';
import { adminKeys } from '../api/admin-keys';
import { adminCampaignsApi } from '../api/campaigns';
import { ActionDialog } from '../forms/action-dialog';
import { Field, WriteFailure } from '../forms/field';
import { checkInput, writeError, type FieldErrors } from '../forms/form-errors';
import { ProductPicker } from '../products/product-picker';
import { EmailPreview } from './email-preview';

interface Chosen {
  id: string;
  name: string;
}

/**
 * The composer: subject, Markdown body, audience (the newsletter, products' owners, or both),
 * a preview of the e-mail as sent, a test to the owner's own address, and Send, which names
 * the number of recipients before anything goes out. Each action saves the draft first.
 */
export function CampaignForm({ campaign }: { campaign?: AdminCampaign }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [id, setId] = useState(campaign?.id);
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [body, setBody] = useState(campaign?.bodyMarkdown ?? '');
  const [newsletter, setNewsletter] = useState(campaign?.audience.newsletter ?? true);
  const [products, setProducts] = useState<Chosen[]>(campaign?.audience.products ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<CampaignPreview | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  const draft = (): CampaignDraft => ({
    subject,
    bodyMarkdown: body,
    audience: { newsletter, productIds: products.map((p) => p.id) },
  });

  /** Checks and saves the draft; resolves to its id, or null when it is not valid. */
  const save = async (): Promise<string | null> => {
    const input = draft();
    const invalid = checkInput(campaignDraftSchema, input);
    setErrors(invalid ?? {});
    setFailure(null);
    if (invalid) return null;
    const saved = id
      ? await adminCampaignsApi.update(id, input)
      : await adminCampaignsApi.create(input);
    if (!id) {
      queryClient.setQueryData(adminKeys.campaign(saved.id), saved);
      setId(saved.id);
      void navigate(`/admin/campaigns/${saved.id}`, { replace: true });
    }
    return saved.id;
  };

  const onFailed = (error: unknown) => {
    const refused = writeError(error);
    setErrors(refused.fields);
    setFailure(refused.message);
  };

  const saving = useAdminWrite(save);
  const previewing = useAdminWrite(() =>
    adminCampaignsApi.preview({ subject: subject.trim() || 'No subject yet', bodyMarkdown: body }),
  );
  const testing = useAdminWrite(async () => {
    const saved = await save();
    return saved ? adminCampaignsApi.sendTest(saved) : null;
  });
  const counting = useAdminWrite(async () => {
    const saved = await save();
    return saved ? adminCampaignsApi.audienceSize(saved) : null;
  });
  const sending = useAdminWrite(() => adminCampaignsApi.send(id!));
  const busy = saving.isPending || testing.isPending || counting.isPending || sending.isPending;

  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          saving.mutate(undefined, {
            onSuccess: (saved) => saved && toast.success('Draft saved'),
            onError: onFailed,
          });
        }}
      >
        <Field label="Subject" errors={errors.subject}>
          {(control) => (
            <input
              {...control}
              value={subject}
              maxLength={campaignLimits.subject}
              onChange={(event) => setSubject(event.target.value)}
            />
          )}
        </Field>
        <Field
          label="Message"
          hint="Markdown: **bold**, *italic*, [a link](https://…), lists and headings. Raw HTML is shown as text."
          errors={errors.bodyMarkdown}
        >
          {(control) => (
            <textarea
              {...control}
              rows={12}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              className={`${control.className} font-mono text-sm`}
            />
          )}
        </Field>

        <fieldset className="space-y-4 rounded-xl border border-zinc-800 p-4">
          <legend className="px-1 text-sm font-medium text-zinc-200">Send to</legend>
          <label className="flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="checkbox"
              className="size-4 accent-brand-500"
              checked={newsletter}
              onChange={(event) => setNewsletter(event.target.checked)}
            />
            Newsletter subscribers who confirmed their address
          </label>
          {products.length > 0 && (
            <ul aria-label="Owners of these products" className="space-y-1">
              {products.map((product) => (
                <li
                  key={product.id}
                  className="flex items-center justify-between gap-3 rounded-lg bg-zinc-800/60 px-3 py-2 text-sm"
                >
                  <span className="text-white">Owners of {product.name}</span>
                  <button
                    type="button"
                    onClick={() => setProducts(products.filter((p) => p.id !== product.id))}
                    className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-zinc-300 hover:bg-zinc-700"
                  >
                    <X aria-hidden="true" className="size-4" />
                    Remove <span className="sr-only">{product.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ProductPicker
            label="Owners of a product"
            hint="Buyers with a completed, unrefunded purchase of it; guests by their order's e-mail."
            exclude={new Set(products.map((p) => p.id))}
            onPick={(product) => setProducts([...products, { id: product.id, name: product.name }])}
          />
          {errors['audience.productIds'] && (
            <p className="text-sm text-red-300">{errors['audience.productIds'].join(' ')}</p>
          )}
        </fieldset>

        <WriteFailure message={failure} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" disabled={busy}>
            {saving.isPending ? 'Saving...' : 'Save draft'}
          </Button>
          <Button
            variant="secondary"
            disabled={previewing.isPending}
            onClick={() =>
              previewing.mutate(undefined, { onSuccess: setPreview, onError: onFailed })
            }
          >
            <Eye aria-hidden="true" className="size-4" />
            {previewing.isPending ? 'Rendering...' : 'Preview'}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              testing.mutate(undefined, {
                onSuccess: (sent) => sent && toast.success(`Test sent to ${sent.to}`),
                onError: onFailed,
              })
            }
          >
            <TestTube aria-hidden="true" className="size-4" />
            {testing.isPending ? 'Sending test...' : 'Send test to me'}
          </Button>
          <ActionDialog
            open={confirming !== null}
            onOpenChange={(open) => {
              if (!open) {
                setConfirming(null);
                sending.reset();
              }
            }}
            trigger={
              <Button
                disabled={busy}
                onClick={(event) => {
                  // Opened once the recipients are counted, not by the trigger itself.
                  event.preventDefault();
                  counting.mutate(undefined, {
                    onSuccess: (count) => count !== null && setConfirming(count),
                    onError: onFailed,
                  });
                }}
              >
                <Send aria-hidden="true" className="size-4" />
                {counting.isPending ? 'Counting recipients...' : 'Send...'}
              </Button>
            }
            title={`Send “${subject.trim()}”?`}
            description={
              confirming === 0
                ? 'Nobody in this audience can be mailed right now.'
                : `It goes to ${confirming} ${confirming === 1 ? 'recipient' : 'recipients'}, each once. A campaign cannot be changed or sent again once it is sent.`
            }
            confirmLabel={`Send to ${confirming} ${confirming === 1 ? 'recipient' : 'recipients'}`}
            pendingLabel="Sending..."
            canConfirm={(confirming ?? 0) > 0}
            pending={sending.isPending}
            error={sending.isError ? writeError(sending.error).message : null}
            onConfirm={() =>
              sending.mutate(undefined, {
                onSuccess: (sent) => {
                  queryClient.setQueryData(adminKeys.campaign(sent.id), sent);
                  toast.success(`Sending to ${sent.counts.recipients} recipients`);
                  setConfirming(null);
                },
              })
            }
          />
        </div>
      </form>

      <section aria-labelledby="campaign-preview-heading" className="space-y-3">
        <h2 id="campaign-preview-heading" className="text-lg font-semibold text-white">
          Preview
        </h2>
        {preview ? (
          <EmailPreview preview={preview} />
        ) : (
          <p className="text-sm text-zinc-400">
            Press Preview to see the e-mail as your recipients will get it.
          </p>
        )}
      </section>
    </div>
  );
}
