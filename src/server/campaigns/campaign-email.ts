import { z } from 'zod';
import { renderMarkdown } from '../content/markdown';
import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import { oneClickUnsubscribeHeaders } from '../mail/list-unsubscribe';
import type { MailMessage } from '../mail/mailer';
import { readToken, signToken, type SigningKeys } from '../security/signed-token';

export interface CampaignMailDeps {
  keys: SigningKeys;
  publicUrl: string;
}

const PURPOSE = 'mail-unsubscribe';

const tokenData = z.object({
  /** The address, lower-cased. */
  e: z.string().min(3).max(320),
  /** The campaign whose link it is, so its count of unsubscribes is kept. */
  c: z.uuid().optional(),
});

/**
 * A campaign e-mail's unsubscribe token: the address (and the campaign), signed with the app's
 * secret (HMAC, security/signed-token.ts). It never expires, as an old newsletter's link works.
 */
export function signMailUnsubscribeToken(keys: SigningKeys, email: string, campaignId?: string) {
  return signToken(keys, PURPOSE, { e: email.toLowerCase(), c: campaignId });
}

/** The address and campaign of a genuine token; null for a forged or altered one. */
export function readMailUnsubscribeToken(keys: SigningKeys, token: string) {
  const data = readToken(keys, PURPOSE, token, tokenData);
  return data && { email: data.e.toLowerCase(), campaignId: data.c ?? null };
}

/**
 * The two addresses of an unsubscribe: the API's, which a mail client POSTs to with one click
 * (RFC 8058) and which, opened in a browser, shows the confirmation page; and that page's own,
 * the visible link in the footer.
 */
export function unsubscribeUrls(deps: CampaignMailDeps, email: string, campaignId?: string) {
  const token = encodeURIComponent(signMailUnsubscribeToken(deps.keys, email, campaignId));
  return {
    oneClick: `${deps.publicUrl}/api/mail/unsubscribe?token=${token}`,
    page: `${deps.publicUrl}/mail/unsubscribe?token=${token}`,
  };
}

/**
 * The owner's Markdown as the e-mail carries it: HTML from the store's one renderer (no raw
 * HTML, unsafe links dropped) and a plain-text version, the Markdown itself with each link's
 * address written out.
 */
export function renderCampaignBody(markdown: string): { html: string; text: string } {
  const text = markdown
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, '$1 ($2)')
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, '$1 ($2)');
  return { html: renderMarkdown(markdown), text };
}

/** One campaign e-mail to one address: its body, footer link and one-click headers. */
export function campaignEmail(
  deps: CampaignMailDeps,
  campaign: { id: string; subject: string; bodyMarkdown: string },
  to: string,
  { test = false, body = renderCampaignBody(campaign.bodyMarkdown) } = {},
): MailMessage {
  const urls = unsubscribeUrls(deps, to, campaign.id);
  const subject = test ? `[Test] ${campaign.subject}` : campaign.subject;
  return {
    to,
    headers: oneClickUnsubscribeHeaders(urls.oneClick),
    ...renderEmail({
      subject,
      heading: campaign.subject,
      paragraphs: [],
      body,
      note: test
        ? 'A test of this campaign, sent only to you.'
        : `You get this because you subscribed to ${STORE_NAME_SLOT}'s newsletter or bought from ${STORE_NAME_SLOT}.`,
      unsubscribeUrl: urls.page,
    }),
  };
}
