import { html, raw } from 'hono/html';

/**
 * Where the store's name goes in a message: its header, its signature, and any subject or text
 * that names the store. The mailer fills in the name from the store settings as it queues the
 * message (mailer.ts `brandMail`), so a message built anywhere says what the settings say. A
 * private-use character on each side: nothing a person types or a product is called contains it.
 */
export const STORE_NAME_SLOT = '\uE000store\uE000';

export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /**
   * A body written in Markdown (a campaign): its HTML from content/markdown.ts (safe by
   * construction, placed as it is) and its plain-text version, after the paragraphs.
   */
  body?: { html: string; text: string };
  action?: { label: string; url: string };
  /** Further links under the action, each on its own line (a receipt's invoice). */
  links?: { label: string; url: string }[];
  /** Small print under the action, e.g. when a link expires. */
  note?: string;
  /** Mail to a list carries its way out in every message. */
  unsubscribeUrl?: string;
}

/** One look for every message: a plain-text body and an HTML body with every value escaped. */
export function renderEmail(content: EmailContent) {
  const { heading, paragraphs, body: written, action, links = [], note, unsubscribeUrl } = content;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(written ? [written.text, ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...links.flatMap((link) => [`${link.label}: ${link.url}`, '']),
    ...(note ? [note, ''] : []),
    `— ${STORE_NAME_SLOT}`,
    ...(unsubscribeUrl ? ['', `Unsubscribe: ${unsubscribeUrl}`] : []),
  ].join('\n');

  const body = html`<!doctype html>
    <html lang="en">
      <body
        style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b"
      >
        <div
          style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px"
        >
          <p style="margin:0 0 24px;font-weight:bold;font-size:18px;color:#7c3aed">
            ${STORE_NAME_SLOT}
          </p>
          <h1 style="margin:0 0 16px;font-size:22px">${heading}</h1>
          ${paragraphs.map((p) => html`<p style="margin:0 0 16px;line-height:1.5">${p}</p>`)}
          ${written ? html`<div style="line-height:1.5">${raw(written.html)}</div>` : raw('')}
          ${
            action
              ? html`<p style="margin:24px 0">
                    <a
                      href="${action.url}"
                      style="display:inline-block;background:#7c3aed;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold"
                      >${action.label}</a
                    >
                  </p>
                  <p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all">
                    Or open this link: <a href="${action.url}">${action.url}</a>
                  </p>`
              : raw('')
          }
          ${links.map(
            (link) =>
              html`<p style="margin:0 0 16px;line-height:1.5">
                <a href="${link.url}" style="color:#7c3aed">${link.label}</a>
              </p>`,
          )}
          ${note ? html`<p style="margin:0;font-size:13px;color:#52525b">${note}</p>` : raw('')}
        </div>
        ${
          unsubscribeUrl
            ? html`<p style="max-width:520px;margin:16px auto 0;font-size:12px;color:#71717a">
                Do not want these emails?
                <a href="${unsubscribeUrl}" style="color:#52525b">Unsubscribe</a>
              </p>`
            : raw('')
        }
      </body>
    </html>`;
  return { subject: content.subject, text, html: body.toString() };
}
