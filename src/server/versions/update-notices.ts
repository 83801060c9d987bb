import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { changelogSummary, versionMessages } from '#shared/versions';
import { queryRows, type Db } from '../db/client';
import {
  orderItems,
  orders,
  productVersions,
  updateEmailOptOuts,
  updateNotices,
  type ProductVersionRow,
} from '../db/schema';
import { AppError } from '../http/app-error';
import { renderEmail } from '../mail/email-layout';
import { oneClickUnsubscribeHeaders } from '../mail/list-unsubscribe';
import type { Mailer, MailMessage } from '../mail/mailer';
import { readToken, signToken, type SigningKeys } from '../security/signed-token';

interface NoticeDeps {
  mailer: Mailer;
  keys: SigningKeys;
  publicUrl: string;
}

const PURPOSE = 'update-emails-unsubscribe';

/** The address an update e-mail's unsubscribe link names; like the newsletter's, it never expires. */
export const signUpdateEmailsToken = (keys: SigningKeys, email: string) =>
  signToken(keys, PURPOSE, email.toLowerCase());

export function unsubscribeLink(deps: NoticeDeps, email: string) {
  const token = encodeURIComponent(signUpdateEmailsToken(deps.keys, email));
  return `${deps.publicUrl}/updates/unsubscribe?token=${token}`;
}

/** The address a mail client POSTs to with one click (RFC 8058): the same opt-out. */
export function oneClickUnsubscribeLink(deps: NoticeDeps, email: string) {
  const token = encodeURIComponent(signUpdateEmailsToken(deps.keys, email));
  return `${deps.publicUrl}/api/update-emails/one-click?token=${token}`;
}

export function updateNoticeEmail(
  deps: NoticeDeps,
  to: string,
  product: { name: string },
  version: Pick<ProductVersionRow, 'version' | 'changelog'>,
): MailMessage {
  const summary = changelogSummary(version.changelog);
  return {
    to,
    headers: oneClickUnsubscribeHeaders(oneClickUnsubscribeLink(deps, to)),
    ...renderEmail({
      subject: `${product.name} ${version.version} is out`,
      heading: `${product.name} ${version.version} is out`,
      paragraphs: [
        `A new version of ${product.name}, which you own, is ready to download.`,
        ...(summary ? [`What's new: ${summary}`] : []),
      ],
      action: { label: 'Open your downloads', url: `${deps.publicUrl}/download-hub` },
      note: 'You get this because you bought this product. Update e-mails only; no marketing.',
      unsubscribeUrl: unsubscribeLink(deps, to),
    }),
  };
}

/**
 * Queues the update e-mail of `version` to each owner of `product` (an address with a
 * COMPLETED, not refunded line of it, its account not deleted), once per address and version:
 * update_notices' primary key makes a retry queue nobody twice. Opted-out addresses are skipped.
 * The mail worker sends the queue in its batches. Returns how many were queued now.
 */
export async function queueUpdateNotices(
  tx: Db,
  deps: NoticeDeps,
  product: { id: string; name: string },
  version: ProductVersionRow,
): Promise<number> {
  const queued = await queryRows<{ email: string }>(
    tx,
    sql`
      insert into ${updateNotices} (version_id, email)
      select distinct ${version.id}::uuid, lower(o.email)
      from ${orderItems} i join ${orders} o on o.id = i.order_id
      where i.product_id = ${product.id} and o.status = 'COMPLETED' and i.refunded_at is null
        and o.customer_deleted_at is null
        and not exists (select 1 from ${updateEmailOptOuts} x where x.email = lower(o.email))
      on conflict do nothing
      returning email`,
  );
  for (const { email: to } of queued) {
    await deps.mailer.enqueue(tx, updateNoticeEmail(deps, to, product, version));
  }
  if (queued.length > 0) {
    await tx
      .update(productVersions)
      .set({ notifiedCount: sql`${productVersions.notifiedCount} + ${queued.length}` })
      .where(eq(productVersions.id, version.id));
  }
  return queued.length;
}

/** The one-click unsubscribe: the address gets no more update e-mails. Works again and again. */
export async function unsubscribeFromUpdates(db: Db, keys: SigningKeys, token: string) {
  const email = readToken(keys, PURPOSE, token, z.string().min(3).max(320));
  if (!email) {
    throw new AppError('VALIDATION_FAILED', versionMessages.badUnsubscribeLink, {
      token: [versionMessages.badUnsubscribeLink],
    });
  }
  await db.insert(updateEmailOptOuts).values({ email }).onConflictDoNothing();
  return { email };
}
