import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { json, listen, readBody } from './fake-llm';

/**
 * A fake of the Stripe API, enough of it for the `stripe` package (v23) as ClassBots calls it:
 * form-encoded request bodies (nested keys in brackets), JSON answers with `object` fields, Stripe's
 * error shape, idempotency keys replayed as Stripe does. Point the app at it with STRIPE_API_URL.
 *
 * POST /v1/customers, GET /v1/customers/:id, GET /v1/prices/:id, POST /v1/checkout/sessions,
 * GET /v1/checkout/sessions/:id, POST /v1/billing_portal/sessions, GET /v1/subscriptions/:id.
 *
 * A checkout session's url is a page of the fake (`/pay/<id>`) with a Pay button, which creates the
 * subscription (trialing when the session asked for a trial), sends the signed
 * checkout.session.completed and customer.subscription.created events to the webhook and returns to
 * the session's success_url, and a Cancel link to its cancel_url. A portal session's url
 * (`/portal/<id>`) has a Cancel plan button: cancel_at_period_end, customer.subscription.updated,
 * back to return_url.
 */
export interface FakeStripe {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Every API request received, oldest first (bodies parsed from the form encoding; GET: the query). */
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey?: string }[];
  /** Set or change a subscription as Stripe holds it now (tests drive status changes this way). */
  setSubscription(sub: FakeSubscriptionInput): void;
  /** The subscription as the API would answer it now, or undefined. */
  subscription(id: string): Record<string, unknown> | undefined;
  /** A signed event as Stripe would send it, posted to the webhook; returns the app's answer. */
  sendEvent(
    type: string,
    object: Record<string, unknown>,
    opts?: { id?: string; timestamp?: number; secret?: string },
  ): Promise<{ status: number; body: string }>;
  /** The next API request whose path matches fails with `status` (500 by default; Stripe-Should-Retry: false). */
  failNext(path: RegExp, status?: number): void;
  /** The next API request whose path matches is answered as of its arrival, but the answer is sent `ms` later (a slow read). */
  delayNext(path: RegExp, ms: number): void;
  /** Where events go from now on (a URL, or a function that delivers them, e.g. through app.request). */
  setWebhook(target: string | WebhookDeliver): void;
  close(): Promise<void>;
}

export interface FakeSubscriptionInput {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  /** Unix seconds. */
  trialEnd?: number | null;
  /** Unix seconds; default a month (or a year) from now. */
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
}

/** Delivers one signed event: the raw JSON payload and the headers Stripe would send. */
export type WebhookDeliver = (payload: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>;

export interface FakePrice {
  id: string;
  /** Cents. */
  unitAmount: number;
  currency: string;
}

export interface FakeStripeOptions {
  /** Where events are posted; or see `deliver`. */
  webhookUrl?: string;
  /** Delivers events another way (wins over webhookUrl); may be given later with setWebhook. */
  deliver?: WebhookDeliver;
  webhookSecret: string;
  prices?: { month: FakePrice; year: FakePrice };
  /** 0 or absent: any free port. */
  port?: number;
}

/** The test prices: 9 USD a month, 90 USD a year. */
export const FAKE_PRICES = {
  month: { id: 'price_month_fake', unitAmount: 900, currency: 'usd' },
  year: { id: 'price_year_fake', unitAmount: 9000, currency: 'usd' },
} as const satisfies { month: FakePrice; year: FakePrice };

const API_VERSION = '2026-10-28.endive';
const DAY = 86_400;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

type Form = Record<string, unknown>;

/** Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseForm(raw: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      const container = node as Record<string, unknown>;
      const slot = part === '' && Array.isArray(node) ? String(node.length) : part;
      if (last) {
        container[slot] = value;
        return;
      }
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

function stripeError(res: ServerResponse, status: number, message: string, code?: string, type = 'invalid_request_error') {
  json(res, status, { error: { type, message, ...(code ? { code } : {}) } }, { 'stripe-should-retry': 'false' });
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const rec = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {};

interface StoredSession {
  id: string;
  customer: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  priceId: string;
  trialDays: number | null;
  subscriptionMetadata: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  created: number;
}

interface StoredSubscription {
  id: string;
  customer: string;
  status: string;
  priceId: string;
  trialEnd: number | null;
  currentPeriodEnd: number;
  currentPeriodStart: number;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
  created: number;
  itemId: string;
}

/** Starts the fake on 127.0.0.1. */
export async function startFakeStripe(opts: FakeStripeOptions): Promise<FakeStripe> {
  const prices = opts.prices ?? FAKE_PRICES;
  const intervals = new Map<string, 'month' | 'year'>([
    [prices.month.id, 'month'],
    [prices.year.id, 'year'],
  ]);
  const requests: FakeStripe['requests'] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, StoredSession>();
  const portals = new Map<string, { id: string; customer: string; returnUrl: string }>();
  const subscriptions = new Map<string, StoredSubscription>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failures: { path: RegExp; status: number }[] = [];
  const delays: { path: RegExp; ms: number }[] = [];
  let target: string | WebhookDeliver | undefined = opts.deliver ?? opts.webhookUrl;
  let base = '';

  /**
   * A customer of the fake. Ids it did not make (cus_...) are taken as existing customers: the
   * browser specs write Stripe teachers into the database only, and their Manage billing must open.
   */
  function knownCustomer(id: string): Record<string, unknown> | undefined {
    let c = customers.get(id);
    if (!c && /^cus_\w+$/.test(id)) {
      c = { id, object: 'customer', email: null, name: null, metadata: {}, created: nowSeconds(), livemode: false };
      customers.set(id, c);
    }
    return c;
  }

  function priceObject(id: string) {
    const interval = intervals.get(id) ?? 'month';
    const known = id === prices.month.id ? prices.month : id === prices.year.id ? prices.year : undefined;
    return {
      id,
      object: 'price',
      active: true,
      currency: known?.currency ?? 'usd',
      unit_amount: known?.unitAmount ?? 1000,
      type: 'recurring',
      recurring: { interval, interval_count: 1, usage_type: 'licensed' },
      product: 'prod_classbots_premium',
      livemode: false,
    };
  }

  function subscriptionObject(s: StoredSubscription) {
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      trial_end: s.trialEnd,
      trial_start: s.trialEnd ? s.created : null,
      metadata: s.metadata,
      created: s.created,
      start_date: s.created,
      livemode: false,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${s.id}`,
        data: [
          {
            id: s.itemId,
            object: 'subscription_item',
            price: priceObject(s.priceId),
            quantity: 1,
            subscription: s.id,
            current_period_start: s.currentPeriodStart,
            current_period_end: s.currentPeriodEnd,
          },
        ],
      },
    };
  }

  function sessionObject(s: StoredSession) {
    return {
      id: s.id,
      object: 'checkout.session',
      mode: 'subscription',
      customer: s.customer,
      client_reference_id: s.clientReferenceId,
      metadata: s.metadata,
      success_url: s.successUrl,
      cancel_url: s.cancelUrl,
      status: s.status,
      payment_status: s.status === 'complete' ? (s.trialDays ? 'no_payment_required' : 'paid') : 'unpaid',
      subscription: s.subscription,
      url: s.status === 'open' ? `${base}/pay/${s.id}` : null,
      created: s.created,
      livemode: false,
    };
  }

  function setSubscription(input: FakeSubscriptionInput) {
    const prev = subscriptions.get(input.id);
    const start = prev?.currentPeriodStart ?? nowSeconds();
    const period = (intervals.get(input.priceId) ?? 'month') === 'year' ? 365 * DAY : 30 * DAY;
    subscriptions.set(input.id, {
      id: input.id,
      customer: input.customer,
      status: input.status,
      priceId: input.priceId,
      trialEnd: input.trialEnd === undefined ? (prev?.trialEnd ?? null) : input.trialEnd,
      currentPeriodEnd: input.currentPeriodEnd ?? prev?.currentPeriodEnd ?? start + period,
      currentPeriodStart: start,
      cancelAtPeriodEnd: input.cancelAtPeriodEnd ?? prev?.cancelAtPeriodEnd ?? false,
      metadata: input.metadata ?? prev?.metadata ?? {},
      created: prev?.created ?? nowSeconds(),
      itemId: prev?.itemId ?? newId('si'),
    });
  }

  async function sendEvent(
    type: string,
    object: Record<string, unknown>,
    o: { id?: string; timestamp?: number; secret?: string } = {},
  ): Promise<{ status: number; body: string }> {
    const created = o.timestamp ?? nowSeconds();
    const event = {
      id: o.id ?? newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? opts.webhookSecret, timestamp: created });
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (!target) throw new Error('fake Stripe: no webhook to send events to (webhookUrl, deliver or setWebhook)');
    if (typeof target === 'function') return target(payload, headers);
    const res = await fetch(target, { method: 'POST', headers, body: payload });
    return { status: res.status, body: await res.text() };
  }

  /** Sends an event from a page of the fake; a refused delivery is left for the test to see in the app (Stripe would retry). */
  async function sendQuietly(type: string, object: Record<string, unknown>) {
    try {
      await sendEvent(type, object);
    } catch {
      // The webhook was unreachable: as with Stripe, the page goes on.
    }
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(raw);
    const idempotencyKey = str(req.headers['idempotency-key']);
    requests.push({ method, path: url.pathname, body, ...(idempotencyKey ? { idempotencyKey } : {}) });

    const failure = failures.findIndex((f) => f.path.test(url.pathname));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return stripeError(res, f!.status, 'The fake Stripe was told to fail this request.', undefined, 'api_error');
    }
    const delay = delays.findIndex((d) => d.path.test(url.pathname));
    if (delay >= 0) {
      const { ms } = delays.splice(delay, 1)[0]!;
      const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
      res.end = ((chunk?: unknown) => {
        setTimeout(() => end(chunk), ms);
        return res;
      }) as typeof res.end;
    }
    const auth = str(req.headers.authorization) ?? '';
    if (!/^Bearer (sk|rk)_\S+$/.test(auth)) {
      return stripeError(res, 401, 'Invalid API Key provided.', undefined, 'invalid_request_error');
    }
    // Stripe replays a POST's first answer for the same idempotency key.
    const replayKey = method === 'POST' && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : undefined;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    if (replay) return json(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    const answer = (status: number, value: unknown) => {
      if (replayKey) idempotent.set(replayKey, { status, body: value });
      json(res, status, value, { 'request-id': newId('req') });
    };
    const missing = (what: string, id: string) => stripeError(res, 404, `No such ${what}: '${id}'`, 'resource_missing');

    const path = url.pathname;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: str(body.email) ?? null,
        name: str(body.name) ?? null,
        metadata: rec(body.metadata),
        created: nowSeconds(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return answer(200, customer);
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const c = knownCustomer(m[1]!);
      return c ? answer(200, c) : missing('customer', m[1]!);
    }
    if (method === 'GET' && (m = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
      return intervals.has(m[1]!) ? answer(200, priceObject(m[1]!)) : missing('price', m[1]!);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (body.mode !== 'subscription') return stripeError(res, 400, 'The fake Stripe only knows subscription mode.', 'parameter_invalid');
      const lineItems = Array.isArray(body.line_items) ? (body.line_items as Record<string, unknown>[]) : [];
      const priceId = str(lineItems[0]?.price);
      if (!priceId || !intervals.has(priceId)) return missing('price', priceId ?? '');
      const customer = str(body.customer) ?? null;
      if (customer && !knownCustomer(customer)) return missing('customer', customer);
      const successUrl = str(body.success_url);
      if (!successUrl) return stripeError(res, 400, 'Missing required param: success_url.', 'parameter_missing');
      const subData = (body.subscription_data ?? {}) as Record<string, unknown>;
      const trial = str(subData.trial_period_days);
      const session: StoredSession = {
        id: newId('cs_test'),
        customer,
        clientReferenceId: str(body.client_reference_id) ?? null,
        metadata: rec(body.metadata),
        successUrl,
        cancelUrl: str(body.cancel_url) ?? null,
        priceId,
        trialDays: trial ? Number(trial) : null,
        subscriptionMetadata: rec(subData.metadata),
        status: 'open',
        subscription: null,
        created: nowSeconds(),
      };
      sessions.set(session.id, session);
      return answer(200, sessionObject(session));
    }
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const s = sessions.get(m[1]!);
      return s ? answer(200, sessionObject(s)) : missing('checkout.session', m[1]!);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(body.customer);
      if (!customer || !knownCustomer(customer)) return missing('customer', customer ?? '');
      const portal = { id: newId('bps'), customer, returnUrl: str(body.return_url) ?? `${base}/` };
      portals.set(portal.id, portal);
      return answer(200, {
        id: portal.id,
        object: 'billing_portal.session',
        customer,
        return_url: portal.returnUrl,
        url: `${base}/portal/${portal.id}`,
        created: nowSeconds(),
        livemode: false,
      });
    }
    if (method === 'GET' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const s = subscriptions.get(m[1]!);
      return s ? answer(200, subscriptionObject(s)) : missing('subscription', m[1]!);
    }
    return stripeError(res, 404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const page = (res: ServerResponse, status: number, title: string, inner: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><h1>${title}</h1>${inner}</body></html>`,
    );
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location });
    res.end();
  };
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  async function pages(req: IncomingMessage, res: ServerResponse, url: URL) {
    let m: RegExpExecArray | null;
    if ((m = /^\/pay\/([^/]+)$/.exec(url.pathname))) {
      const session = sessions.get(m[1]!);
      if (!session) return page(res, 404, 'Checkout session not found', '');
      if (req.method === 'GET') {
        const price = priceObject(session.priceId);
        const amount = `${(price.unit_amount / 100).toFixed(2)} ${price.currency.toUpperCase()} per ${price.recurring.interval}`;
        const trial = session.trialDays ? `<p>${session.trialDays}-day free trial, then ${amount}.</p>` : `<p>${amount}.</p>`;
        const cancel = session.cancelUrl ? `<p><a href="${escape(session.cancelUrl)}">Cancel</a></p>` : '';
        return page(
          res,
          200,
          'Fake Stripe Checkout',
          `${trial}<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>${cancel}`,
        );
      }
      if (req.method === 'POST') {
        if (session.status === 'open') {
          const now = nowSeconds();
          const trialEnd = session.trialDays ? now + session.trialDays * DAY : null;
          const subId = newId('sub');
          setSubscription({
            id: subId,
            customer: session.customer ?? newId('cus'),
            status: trialEnd ? 'trialing' : 'active',
            priceId: session.priceId,
            trialEnd,
            ...(trialEnd ? { currentPeriodEnd: trialEnd } : {}),
            metadata: session.subscriptionMetadata,
          });
          session.status = 'complete';
          session.subscription = subId;
          await sendQuietly('checkout.session.completed', sessionObject(session));
          await sendQuietly('customer.subscription.created', subscriptionObject(subscriptions.get(subId)!));
        }
        return redirect(res, session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id));
      }
    }
    if ((m = /^\/portal\/([^/]+)(\/cancel)?$/.exec(url.pathname))) {
      const portal = portals.get(m[1]!);
      if (!portal) return page(res, 404, 'Portal session not found', '');
      const live = [...subscriptions.values()]
        .filter((s) => s.customer === portal.customer && !['canceled', 'incomplete_expired'].includes(s.status))
        .at(-1);
      if (req.method === 'GET' && !m[2]) {
        const plan = live
          ? `<p>Plan: ${live.status}${live.cancelAtPeriodEnd ? ', cancels at the end of the period' : ''}.</p><form method="post" action="/portal/${portal.id}/cancel"><button type="submit">Cancel plan</button></form>`
          : '<p>No current plan.</p>';
        return page(res, 200, 'Fake Stripe Customer Portal', `${plan}<p><a href="${escape(portal.returnUrl)}">Return</a></p>`);
      }
      if (req.method === 'POST' && m[2]) {
        if (live && !live.cancelAtPeriodEnd) {
          live.cancelAtPeriodEnd = true;
          await sendQuietly('customer.subscription.updated', subscriptionObject(live));
        }
        return redirect(res, portal.returnUrl);
      }
    }
    return page(res, 404, 'Not found', '');
  }

  const { info } = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    if (url.pathname.startsWith('/v1/')) return api(req, res, url, raw);
    return pages(req, res, url);
  }, opts.port ?? 0);
  base = info.url;

  return {
    url: info.url,
    requests,
    setSubscription,
    subscription: (id) => {
      const s = subscriptions.get(id);
      return s ? subscriptionObject(s) : undefined;
    },
    sendEvent,
    failNext: (path, status = 500) => {
      failures.push({ path, status });
    },
    delayNext: (path, ms) => {
      delays.push({ path, ms });
    },
    setWebhook: (t) => {
      target = t;
    },
    close: () => info.close(),
  };
}
