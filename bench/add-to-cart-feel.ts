import { chromium } from 'playwright';
import type { SmtpSink } from '../tests/support/smtp-sink';

/** How long a signed-in Add to Cart takes to show its line in the drawer, and the API's share. */
export interface AddToCartTiming {
  product: string;
  /** From the click to the line's heading being visible in the open drawer. */
  drawerMs: number;
  /** From the click to POST /api/cart/items's answer. */
  apiMs: number;
}

const PASSWORD = 'bench-feel-password';

/**
 * Runs in the page: clicks the product's Add to Cart and answers the milliseconds until the
 * frame after the drawer holds the product's heading (a MutationObserver sees it; the next
 * animation frame is when it is painted). Timed in the page, so the driver's own round trips
 * are not counted.
 */
function clickToDrawer(name: string): Promise<number> {
  const button = document.querySelector<HTMLButtonElement>(
    `button[aria-label="Add to Cart: ${CSS.escape(name)}"]`,
  );
  if (!button) throw new Error(`no Add to Cart button for ${name}`);
  // No named inner functions: tsx's build wraps them in a helper the page does not have.
  return new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      const headings = document.querySelectorAll('[role="dialog"] :is(h1, h2, h3, h4, h5, h6)');
      if (![...headings].some((heading) => heading.textContent?.trim() === name)) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - start));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    button.click();
  });
}

/** The confirmation link the server mailed to `email`, as the sink received it. */
async function confirmationLink(sink: SmtpSink, email: string): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const mail = sink.received.find((m) => m.to.includes(email));
    // Quoted-printable folds long lines with '=' and writes '=' as '=3D'.
    const text = mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = text?.match(/https?:\/\/\S+\/email-confirmation\?token=[^\s"<]+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const mail = sink.received.find((m) => m.to.includes(email));
  throw new Error(
    mail
      ? `the mail to ${email} holds no confirmation link: ${mail.raw.slice(0, 400)}`
      : `no confirmation mail reached ${email} (the sink has ${sink.received.length} mails)`,
  );
}

/**
 * Signs a fresh account up in Chromium against the server at `baseUrl` (which mails through
 * `sink`), opens the apps list, then adds `rounds` products one at a time, timing each from the
 * click to the drawer showing it. Measures; never judges.
 */
export async function measureAddToCart(
  baseUrl: string,
  chromePath: string,
  sink: SmtpSink,
  rounds = 5,
): Promise<AddToCartTiming[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { origin: baseUrl },
    });
    const page = await context.newPage();
    const email = `bench-feel-${Date.now()}@example.com`;
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: PASSWORD, name: '' },
    });
    if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()} ${await signUp.text()}`);
    const token = new URL(await confirmationLink(sink, email)).searchParams.get('token') ?? '';
    await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()} ${await signIn.text()}`);

    const cartLoaded = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/cart' && r.ok(),
    );
    await page.goto('/products?category=apps');
    await cartLoaded;
    const buttons = page.getByRole('button', { name: /^Add to Cart: / });
    await buttons.first().waitFor();
    const drawer = page.getByRole('dialog', { name: /Shopping Cart/ });

    const timings: AddToCartTiming[] = [];
    for (let i = 0; i < rounds && i < (await buttons.count()); i++) {
      const button = buttons.nth(i);
      const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Add to Cart: /, '');
      let answeredAt = 0;
      const answered = page.waitForResponse((r) => {
        const isAdd = r.url().endsWith('/api/cart/items') && r.request().method() === 'POST';
        if (isAdd) answeredAt = Date.now();
        return isAdd;
      });
      // Handled here too, so that a failure below is the one reported, not this wait's
      // "browser has been closed" once the browser is closed on the way out.
      answered.catch(() => undefined);
      const clickedAt = Date.now();
      const drawerMs = await page.evaluate(clickToDrawer, name);
      await answered;
      timings.push({ product: name, drawerMs, apiMs: answeredAt - clickedAt });
      await drawer.getByRole('button', { name: 'Close cart' }).click();
      await drawer.waitFor({ state: 'hidden' });
    }
    return timings;
  } finally {
    await browser.close();
  }
}
