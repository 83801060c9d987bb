import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { describe, expect } from 'vitest';
import * as renderer from '#web/entry-server';
import { createLogger } from '#server/logger';
import { serverRendering } from '#server/web/server-rendering';
import { it, test } from '#tests/support/fixtures';

/** Issue 33.1: the server's first page says what the store settings say. */
let pages: Hono;

test.beforeAll(async ({ app, admin }) => {
  const saved = await admin.request('/api/admin/settings/store', {
    method: 'PUT',
    body: {
      name: 'Grain & Groove',
      tagline: 'Tape-saturated loops.',
      logoUploadId: null,
      accentColor: '#0369a1',
      supportEmail: 'hello@grain.test',
      senderName: 'Grain Mail',
      communityUrl: '',
      socialLinks: {
        discord: '',
        youtube: 'https://www.youtube.com/@grain',
        instagram: '',
        x: '',
        facebook: '',
      },
      footerColumns: [{ title: 'Help', links: [{ label: 'Ask us', url: '/support' }] }],
    },
  });
  expect(saved.status).toBe(200);
  const ssr = serverRendering({
    api: app.app.pageReads,
    renderer,
    template: readFileSync('src/web/index.html', 'utf8'),
    logger: createLogger('silent'),
  });
  pages = new Hono();
  pages.get('*', async (c) => {
    const page = await ssr.page(new URL(c.req.url).pathname);
    return page ? c.html(page.html.toString(), page.status as 200) : c.text('failed', 500);
  });
});

const get = async (path: string) => (await pages.request(path)).text();
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const body = (html: string) => html.slice(html.indexOf('<div id="root">'));

describe('the first page of a rebranded store', () => {
  it('names the store in the title, the head, JSON-LD, the header and the footer', async () => {
    const html = await get('/');
    expect(head(html)).toMatch(/<title>[^<]*Grain &amp; Groove<\/title>/);
    expect(head(html)).toContain('<meta property="og:site_name" content="Grain &amp; Groove"/>');
    expect(head(html)).not.toContain('Loopmarket');
    const [organization] = [
      ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ]
      .flatMap((m) => [JSON.parse(m[1] ?? 'null')].flat() as Record<string, unknown>[])
      .filter((data) => data['@type'] === 'Organization');
    expect(organization).toMatchObject({
      name: 'Grain & Groove',
      sameAs: ['https://www.youtube.com/@grain'],
      contactPoint: { email: 'hello@grain.test' },
    });
    const shown = body(html);
    expect(shown).toContain(`© ${new Date().getFullYear()} Grain &amp; Groove`);
    expect(shown).toContain('Tape-saturated loops.');
    expect(shown).toContain('>Ask us</a>');
    expect(shown).toContain('aria-label="Grain &amp; Groove on YouTube"');
    // Left empty: shown nowhere.
    expect(shown).not.toContain('discord.gg');
    expect(shown).not.toContain('instagram.com');
    expect(shown).not.toContain('Loopmarket');
    expect(shown).toContain('--store-accent-600:#0369a1');
  });

  it('draws the terms from the Markdown, with the store’s name, in the first HTML', async () => {
    const html = await get('/terms');
    expect(head(html)).toContain('<title>Terms of Service · Grain &amp; Groove</title>');
    expect(body(html)).toContain('<h2 id="agreeing-to-these-terms">Agreeing to these terms</h2>');
    expect(body(html)).toContain('<a href="#agreeing-to-these-terms"');
    expect(body(html)).toContain('browse the Grain &amp; Groove store');
  });
});
