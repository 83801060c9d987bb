import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Services } from '../services';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxSms } from '../db/schema';
import { listOutbox } from './mail-queue';

/** The newest text messages (phone-number checks and second-step codes). */
function listSms(db: Db, limit = 50) {
  return db.select().from(outboxSms).orderBy(desc(outboxSms.createdAt)).limit(limit);
}

/**
 * `/dev/mail`: the mail queue for developers, each message with its state, its plain text and its
 * rendered HTML (in a sandboxed frame), and beside it the text messages (SMS). A message shows
 * from the moment it is queued. Mounted outside production only; `/dev/mail/messages` is the mail
 * as JSON, `/dev/mail/sms` the text messages.
 */
export function devMailRoutes({ db }: Pick<Services, 'db'>) {
  return new Hono()
    .get('/messages', async (c) => c.json({ data: await listOutbox(db) }))
    .get('/sms', async (c) => c.json({ data: await listSms(db) }))
    .get('/', async (c) => {
      const [messages, texts] = await Promise.all([listOutbox(db), listSms(db)]);
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
                article h3 {
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
                nav a {
                  color: #1d4ed8;
                  margin-right: 16px;
                }
                .sms {
                  display: grid;
                  gap: 8px;
                  padding: 0;
                  list-style: none;
                }
                .sms li {
                  background: #fff;
                  border-radius: 12px;
                  padding: 12px 16px;
                }
                .sms p {
                  margin: 4px 0 0;
                  overflow-wrap: anywhere;
                }
              </style>
            </head>
            <body>
              <main>
                <h1>Outbox</h1>
                <p>
                  Every message the store queued, newest first. Without an SMTP server (or an SMS
                  provider), "sent" means kept here only. Not available in production.
                </p>
                <nav>
                  <a href="#sms">Text messages (${texts.length})</a>
                  <a href="#mail">Mail (${messages.length})</a>
                </nav>
                <h2 id="sms">Text messages</h2>
                ${texts.length === 0 ? html`<p>No text messages yet.</p>` : ''}
                <ul class="sms">
                  ${texts.map(
                    (t) =>
                      html`<li>
                        <span class="meta">
                          To ${t.to} · ${t.createdAt.toISOString()} · ${t.status}
                          ${t.lastError ? ` · error: ${t.lastError}` : ''}
                        </span>
                        <p>${t.text}</p>
                      </li>`,
                  )}
                </ul>
                <h2 id="mail">Mail</h2>
                ${messages.length === 0 ? html`<p>No messages yet.</p>` : ''}
                ${messages.map(
                  (m) =>
                    html`<article>
                      <h3>${m.subject}</h3>
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
