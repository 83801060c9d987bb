import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  client_secret: string | null;
  url: string | null;
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  metadata: Record<string, string>;
  params: URLSearchParams;
  /** The card a paid session was paid with: Stripe answers it when the payment method is expanded. */
  card: { brand: string; last4: string; country?: string } | null;
  /** Stripe Tax: on when the session was created with automatic_tax[enabled]=true. */
  automatic_tax: { enabled: boolean; status: 'requires_location_inputs' | 'complete' | null };
  /** The lines' sum before discounts and tax, the total charged, and their parts. */
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

/**
 * A local HTTP stand-in for the few Stripe endpoints the store calls (coupons, Checkout
 * Sessions create, retrieve and expire, refunds); the real `stripe` SDK is pointed at it by
 * host, port and protocol. Refunds keep Stripe's idempotency: a repeated key answers the first.
 */
export async function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const coupons = new Map<string, number>();
  const refunds: StandInRefund[] = [];
  const refundsByKey = new Map<string, StandInRefund>();
  const requests: { method: string; path: string; params: URLSearchParams }[] = [];
  let counter = 0;

  const server = createServer(async (req, res) => {
    const params = new URLSearchParams(await body(req));
    const path = req.url ?? '';
    requests.push({ method: req.method ?? '', path, params });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'POST' && path === '/v1/coupons') {
      const id = `coupon_${++counter}`;
      coupons.set(id, Number(params.get('amount_off')));
      return send(200, {
        id,
        object: 'coupon',
        amount_off: Number(params.get('amount_off')),
      });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++counter}`;
      const embedded = params.get('ui_mode') === 'embedded_page';
      const subtotal = linesOf(params).reduce((sum, line) => sum + line.amount, 0);
      const discount = coupons.get(params.get('discounts[0][coupon]') ?? '') ?? 0;
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        status: 'open',
        client_secret: embedded ? `${id}_secret_standin` : null,
        url: embedded ? null : `https://checkout.stripe.test/c/pay/${id}`,
        payment_status: 'unpaid',
        payment_intent: null,
        metadata: { orderId: params.get('metadata[orderId]') ?? '' },
        params,
        card: null,
        automatic_tax: {
          enabled: params.get('automatic_tax[enabled]') === 'true',
          status:
            params.get('automatic_tax[enabled]') === 'true' ? 'requires_location_inputs' : null,
        },
        amount_subtotal: subtotal,
        amount_total: subtotal - discount,
        total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      };
      sessions.set(id, session);
      return send(200, sessionJson(session));
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const known = key ? refundsByKey.get(key) : undefined;
      if (known) return send(200, known);
      const intent = params.get('payment_intent') ?? '';
      const charged = [...sessions.values()].some((s) => s.payment_intent === intent);
      if (!charged)
        return send(400, {
          error: { type: 'invalid_request_error', message: `No such payment_intent: '${intent}'` },
        });
      const metadata: Record<string, string> = {};
      for (const [name, value] of params)
        if (name.startsWith('metadata[')) metadata[name.slice(9, -1)] = value;
      const refund: StandInRefund = {
        id: `re_${++counter}`,
        object: 'refund',
        amount: Number(params.get('amount')),
        payment_intent: intent,
        status: 'succeeded',
        metadata,
      };
      refunds.push(refund);
      if (key) refundsByKey.set(key, refund);
      return send(200, refund);
    }
    const expire = path.match(/^\/v1\/checkout\/sessions\/([^/?]+)\/expire$/);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (session?.status !== 'open')
        return send(400, {
          error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' },
        });
      session.status = 'expired';
      return send(200, sessionJson(session));
    }
    const match = path.match(/^\/v1\/checkout\/sessions\/([^/?]+)/);
    if (req.method === 'GET' && match) {
      const session = sessions.get(match[1]!);
      if (!session)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
      const expand = new URL(path, 'http://stand-in').searchParams;
      const expanded = [...expand.entries()].some(
        ([key, value]) => key.startsWith('expand') && value === 'payment_intent.payment_method',
      );
      return send(200, sessionJson(session, expanded));
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unknown ${req.method} ${path}` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    sessions,
    requests,
    /** Every refund made, first first. */
    refunds,
    /** Marks a session paid, as Stripe would once the card is charged (a US Visa ending in 4242). */
    pay(
      id: string,
      card: StandInSession['card'] = { brand: 'visa', last4: '4242', country: 'US' },
      /** Stripe Tax's rate where the buyer is, in percent, for a session with automatic tax. */
      taxRatePercent = 0,
    ) {
      const session = sessions.get(id)!;
      if (session.automatic_tax.enabled) decideTax(session, taxRatePercent);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_${id}`;
      session.card = card;
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A session as Stripe answers it: its payment intent an id, or with `payment_intent.payment_method`
 * expanded the intent object with its payment method, whose `card` has the brand and last four.
 */
function sessionJson({ params: _params, card, ...session }: StandInSession, expanded = false) {
  if (!expanded || !session.payment_intent) return session;
  return {
    ...session,
    payment_intent: {
      id: session.payment_intent,
      object: 'payment_intent',
      payment_method: card
        ? {
            id: `pm_${session.id}`,
            object: 'payment_method',
            type: 'card',
            card: { ...card, exp_month: 12, exp_year: 2034, funding: 'credit' },
          }
        : null,
    },
  };
}

/** A session's lines as created: each line's amount (unit amount × quantity) and tax behaviour. */
function linesOf(params: URLSearchParams) {
  const lines: { amount: number; inclusive: boolean }[] = [];
  for (let i = 0; params.has(`line_items[${i}][quantity]`); i++) {
    const unit = Number(params.get(`line_items[${i}][price_data][unit_amount]`));
    const quantity = Number(params.get(`line_items[${i}][quantity]`));
    const behaviour = params.get(`line_items[${i}][price_data][tax_behavior]`);
    lines.push({ amount: unit * quantity, inclusive: behaviour === 'inclusive' });
  }
  return lines;
}

/**
 * What Stripe Tax decides once the buyer's address is known: the rate on the discounted amount,
 * added to the total (tax-exclusive lines) or taken out of it (tax-inclusive), in whole cents.
 */
function decideTax(session: StandInSession, ratePercent: number) {
  const inclusive = linesOf(session.params).some((line) => line.inclusive);
  const taxable = session.amount_subtotal - session.total_details.amount_discount;
  const tax = inclusive
    ? taxable - Math.round((taxable * 100) / (100 + ratePercent))
    : Math.round((taxable * ratePercent) / 100);
  session.total_details.amount_tax = tax;
  session.amount_total = inclusive ? taxable : taxable + tax;
  session.automatic_tax.status = 'complete';
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
}
