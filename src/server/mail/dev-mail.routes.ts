import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Services } from '../services';
import { listOutbox } from './mail-queue';

/**
 * `/dev/mail`: the mail queue for developers, each message with its state, its plain text and its
 * rendered HTML (in a sandboxed frame). A message shows from the moment it is queued. Mounted
 * outside production only; `/dev/mail/messages` is the same as JSON.
 */
export function devMailRoutes({ db }: Pick<Services, 'db'>) {
  return new Hono()
    .get('/messages', async (c) => c.json({ data: await listOutbox(db) }))
    .get('/', async (c) => {
      const messages = await listOutbox(db);
      return c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <title>Outbox · Loopmarket</title>
              <style>
                body {
                  font-family: system-ui, sans-serif;
                  margin: 0;
                  background: #f4f4f5;
                  color: #18181b;
                }
                main {
                  max-width: 960px;
                  margin: 0 auto;
                  padding: 24px;
                }
                article {
                  background: #fff;
                  border-radius: 12px;
                  padding: 16px 20px;
                  margin: 0 0 16px;
                }
                h2 {
                  font-size: 18px;
                  margin: 0 0 4px;
                }
                .meta {
                  color: #52525b;
                  font-size: 14px;
                  margin: 0 0 12px;
                }
                pre {
                  white-space: pre-wrap;
                  background: #f4f4f5;
                  padding: 12px;
                  border-radius: 8px;
                }
                iframe {
                  width: 100%;
                  height: 420px;
                  border: 1px solid #e4e4e7;
                  border-radius: 8px;
                }
                summary {
                  cursor: pointer;
                  margin: 8px 0;
                }
              </style>
            </head>
            <body>
              <main>
                <h1>Outbox</h1>
                <p>
                  Every message the store queued, newest first. Without an SMTP server, "sent" means
                  kept here only. Not available in production.
                </p>
                ${messages.length === 0 ? html`<p>No messages yet.</p>` : ''}
                ${messages.map(
                  (m) =>
                    html`<article>
                      <h2>${m.subject}</h2>
                      <p class="meta">
                        To ${m.to} · from ${m.from} · ${m.createdAt.toISOString()} ·
                        ${m.status}${m.attempts > 1 ? ` after ${m.attempts} attempts` : ''}
                        ${m.lastError ? ` · last error: ${m.lastError}` : ''}
                      </p>
                      <iframe title="${m.subject}" sandbox="" srcdoc="${m.html}"></iframe>
                      <details>
                        <summary>Plain text</summary>
                        <pre>${m.text}</pre>
                      </details>
                    </article>`,
                )}
              </main>
            </body>
          </html>`,
      );
    });
}
