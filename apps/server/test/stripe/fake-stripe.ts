/**
 * A fake of the Stripe API for tests: a plain HTTP server on 127.0.0.1 that the real `stripe` Node SDK talks to
 * (`new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`), keeping customers, products, payment
 * intents, subscriptions and invoices in memory, and sending signed webhooks to our server the way Stripe does.
 *
 * It implements the slice of API version 2026-10-28.endive that Quire's payments use (listed on `startFakeStripe`)
 * and is strict where Stripe is strict, so that tests catch what production would: requests must carry the secret
 * key and exactly this `Stripe-Version`, unknown parameters and expand paths are refused, and referenced customers
 * and products must exist. Test controls (`succeedPaymentIntent`, `renewSubscription`,
 * ...) play the parts of the customer's bank and of Stripe's billing clock.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  ParamError,
  assertKnownParams,
  expandList,
  listAt,
  mergeMetadata,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  parseForm,
  requiredInteger,
  requiredString,
  type FormObject,
} from './form-encoding.ts';
import {
  buildCustomer,
  buildPaymentIntent,
  buildProduct,
  buildRecurringPrice,
  buildSubscription,
  buildSubscriptionInvoice,
  buildSubscriptionItem,
  intervalOf,
  newId,
  nowSeconds,
  periodEnd,
  planOf,
  type Interval,
} from './stripe-objects.ts';

/**
 * The API version the fake implements: the one the installed `stripe` SDK pins (`satisfies` makes an SDK upgrade
 * that moves the version a compile error here, so the fake's shapes get reviewed with it).
 */
export const STRIPE_TEST_API_VERSION = '2026-10-28.endive' satisfies typeof Stripe.API_VERSION;

/** Any Stripe event, as the SDK types it. `data.object` is a JSON snapshot (decimal fields are strings). */
export type FakeEvent = Stripe.Event;

/** The event type whose `type` is `T`, e.g. `EventOf<'invoice.paid'>` has `data.object: Stripe.Invoice`. */
export type EventOf<T extends Stripe.Event.Type> = Extract<Stripe.Event, { type: T }>;

/** Options of `startFakeStripe`. */
export interface FakeStripeOptions {
  /** Where webhooks are POSTed; without one, events are recorded in `events` but not sent. */
  webhookUrl?: string;
  /** The endpoint's signing secret (`whsec_…`) used for `Stripe-Signature`. */
  webhookSecret: string;
  /** The only API key accepted (`Authorization: Bearer <key>`); default `sk_test_quire`. */
  secretKey?: string;
  /** Port on 127.0.0.1; default 0 (a free port). */
  port?: number;
  /** Extra attempts for a webhook that got no answer, a 5xx or a 429; default 0 (tests want failures now). */
  deliveryRetries?: number;
  /** Wait before the first retry in ms, doubled for each further one; default 200. */
  deliveryRetryDelayMs?: number;
}

/** One API request the fake received on `/v1/…`, as the SDK sent it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/v1/subscriptions/sub_123`. */
  path: string;
  /** The decoded query string (GET and DELETE parameters, `expand`). */
  query: FormObject;
  /** The decoded form body, nested as the bracket keys say (`items[0][price_data][unit_amount]`). */
  body: FormObject;
  rawBody: string;
  /** Request headers with lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
}

/** One webhook POST (after any retries) and what our server answered. */
export interface Delivery {
  event: FakeEvent;
  url: string;
  /** The exact body sent (Stripe sends the event as pretty-printed JSON). */
  payload: string;
  /** The `Stripe-Signature` header sent: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
  header: string;
  /** HTTP status of the answer; 0 when there was none (connection refused, timeout). */
  status: number;
  /** Body of the answer ('' when there was none). */
  body: string;
  /** Why there was no answer, when there was none. */
  error?: string;
  /** Attempts made (1 plus retries). */
  attempts: number;
}

/** The running fake; see `startFakeStripe`. */
export interface FakeStripe {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** State by id; the objects are live (the fake mutates them) and typed as the SDK types them. */
  readonly customers: Map<string, Stripe.Customer>;
  readonly products: Map<string, Stripe.Product>;
  readonly paymentIntents: Map<string, Stripe.PaymentIntent>;
  readonly subscriptions: Map<string, Stripe.Subscription>;
  /** Invoices, including their includable `confirmation_secret` and `payments` (answers omit them unless expanded). */
  readonly invoices: Map<string, Stripe.Invoice>;
  /** Every `/v1` request received, oldest first (also the refused ones). */
  readonly requests: RecordedRequest[];
  /** Every event the fake emitted, oldest first, whether or not it was delivered. */
  readonly events: FakeEvent[];
  /** Every webhook POST made, oldest first. */
  readonly deliveries: Delivery[];
  /** The webhook URL in use, if any. */
  readonly webhookUrl: string | undefined;
  /** Points webhooks at `url` from now on (undefined: stop sending). */
  setWebhookUrl(url: string | undefined): void;
  /**
   * A new event (`evt_…`, this API version, `created` now, `livemode: false`, `pending_webhooks: 1`, `request` with
   * null id) with a JSON snapshot of `object`; not recorded or sent. Use with `deliver` to send crafted events.
   */
  buildEvent<T extends Stripe.Event.Type>(
    type: T,
    object: EventOf<T>['data']['object'],
    previousAttributes?: EventOf<T>['data']['previous_attributes'],
  ): EventOf<T>;
  /** A `Stripe-Signature` header for `payload`, signed with the webhook secret (or `secret`) at `timestamp` (unix s). */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  /**
   * POSTs `event` to the webhook URL now (after deliveries already queued) and records it in `deliveries`. By
   * default the body is `JSON.stringify(event, null, 2)` and the header signs it; pass `payload` and/or `header`
   * to replay an earlier delivery exactly or to send a bad signature. Never throws for a failed delivery.
   * @throws Error when no webhook URL is set.
   */
  deliver(event: FakeEvent, options?: { payload?: string; header?: string }): Promise<Delivery>;
  /** Resolves once every queued webhook (including those sent after answering an API call) has been delivered. */
  settled(): Promise<void>;
  /**
   * Marks payment intent `id` succeeded (`amount_received` = `amount`) and sends `payment_intent.succeeded`. When
   * it pays a subscription invoice, instead: the invoice becomes `paid`, the subscription `active`, and the events
   * are `invoice.paid` then `customer.subscription.updated`. Resolves after delivery with the events sent.
   * @throws Error when the intent is unknown or already succeeded or canceled.
   */
  succeedPaymentIntent(id: string): Promise<FakeEvent[]>;
  /**
   * Declines payment intent `id` (status back to `requires_payment_method`, `last_payment_error` a `card_error`
   * with `message`, default "Your card was declined.") and sends `payment_intent.payment_failed`; for a
   * subscription invoice, sends `invoice.payment_failed` instead (a first invoice leaves the subscription
   * `incomplete`; a renewal invoice turns an active subscription `past_due` and adds `customer.subscription.updated`).
   */
  failPaymentIntent(id: string, message?: string): Promise<FakeEvent[]>;
  /**
   * Bills the next period of subscription `id` and pays it: the item's period moves to [old end, old end + one
   * interval), a new paid `subscription_cycle` invoice becomes `latest_invoice`, status `active`; events
   * `invoice.paid`, `customer.subscription.updated`. A subscription set to cancel at period end is canceled
   * instead (`customer.subscription.deleted`).
   */
  renewSubscription(id: string): Promise<FakeEvent[]>;
  /**
   * Bills the next period of subscription `id` and declines it: the period moves on as in `renewSubscription`, the
   * new invoice stays `open`, status `past_due`; events `invoice.payment_failed`, `customer.subscription.updated`.
   * Paying that invoice's intent later (`succeedPaymentIntent`) makes it `active` again.
   */
  failRenewal(id: string, message?: string): Promise<FakeEvent[]>;
  /** Cancels subscription `id` now, as `DELETE /v1/subscriptions/:id` does; event `customer.subscription.deleted`. */
  cancelSubscription(id: string): Promise<FakeEvent[]>;
  /** The payment intent that collects invoice `invoiceId` (from `invoice.payments`). @throws Error when none. */
  paymentIntentOfInvoice(invoiceId: string): Stripe.PaymentIntent;
  /** Forgets all objects, requests, events and deliveries (the server keeps running). */
  reset(): void;
  /** Stops retrying webhooks, waits for queued deliveries, closes all connections and the server. */
  close(): Promise<void>;
}

/** Stripe's error body fields (`{ error: StripeErrorBody }`). */
interface StripeErrorBody {
  type: 'invalid_request_error' | 'authentication_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  payment_intent?: { id: string; status: string };
}

/** An error answered in Stripe's shape with `status`. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** Which expand paths Stripe allows, per object kind: field → kind of the expanded object (null: a leaf). */
type Kind = 'customer' | 'product' | 'payment_intent' | 'subscription' | 'invoice';
const EXPANDABLE: Record<Kind, Record<string, Kind | null>> = {
  customer: {},
  product: {},
  payment_intent: { customer: 'customer' },
  subscription: { customer: 'customer', latest_invoice: 'invoice' },
  // confirmation_secret and payments are "includable": absent from answers and events unless expanded.
  invoice: { customer: 'customer', confirmation_secret: null, payments: null },
};

/** Requested expansions as a tree: `latest_invoice.confirmation_secret` → `{ latest_invoice: { confirmation_secret: {} } }`. */
interface ExpandTree {
  [field: string]: ExpandTree;
}

/**
 * The expand tree for `paths` on an object of `kind`.
 * @throws ApiError 400 "This property cannot be expanded (path)." as Stripe answers, e.g. for the removed
 * `latest_invoice.payment_intent`.
 */
function expandTree(kind: Kind, paths: readonly string[]): ExpandTree {
  const root: ExpandTree = {};
  for (const path of paths) {
    let node = root;
    let nodeKind: Kind | null = kind;
    for (const field of path.split('.')) {
      const fields: Record<string, Kind | null> = nodeKind === null ? {} : EXPANDABLE[nodeKind];
      if (!Object.hasOwn(fields, field)) {
        throw new ApiError(400, { type: 'invalid_request_error', message: `This property cannot be expanded (${path}).`, param: 'expand' });
      }
      node = node[field] ??= {};
      nodeKind = fields[field] ?? null;
    }
  }
  return root;
}

/** A JSON round trip: a snapshot as the webhook receiver sees it (decimals become strings, as on the wire). */
function wire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The top-level fields of `after` that differ from `before`, with their old values (`previous_attributes`). */
function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key];
  }
  return changed;
}

/** The request body as text. */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Request headers with lower-case names, repeated ones joined. */
function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Answers `body` as JSON with `status` and `headers`. */
function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  return new Promise((resolve) => res.end(text, () => resolve()));
}

/** Headers that let a browser page on another origin call the `/_test` routes (Stripe.js stub). */
const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-allow-private-network': 'true',
  'access-control-max-age': '600',
};

/** An answer to a webhook POST. */
interface PostResult {
  status: number;
  body: string;
}

/**
 * POSTs `payload` as JSON to `url` with `Connection: close`, so no idle keep-alive socket outlives the delivery
 * and delays the receiver's shutdown in tests.
 */
function postJson(url: string, payload: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(payload),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          connection: 'close',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** True for answers Stripe would retry soon: none at all, 429 or 5xx. 4xx means our server refused on purpose. */
function isTransient(result: PostResult | undefined): boolean {
  return result === undefined || result.status === 429 || result.status >= 500;
}

/** What a route handler answers: the body, and events to send after the answer went out. */
interface RouteResult {
  body: unknown;
  events?: FakeEvent[];
  /** True when the body is the saved answer of an earlier request with the same `Idempotency-Key`. */
  replayed?: boolean;
}

/** A successful POST's answer kept under its `Idempotency-Key`, with what it was made from. */
interface IdempotentResult {
  /** `POST <path>` and the raw body: a key may only be reused for the same request. */
  request: string;
  /** JSON snapshot of the answer as first sent. */
  body: unknown;
}

/** A `/v1` route: method, path pattern (one capture: the id) and handler of the merged query and body params. */
interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handle(params: FormObject, id: string): RouteResult;
}

/** The only `payment_behavior` implemented: the Payment Element flow (subscription waits for the first payment). */
const PAYMENT_BEHAVIOR = 'default_incomplete';
const PRORATION_BEHAVIORS = ['always_invoice', 'create_prorations', 'none'];
const INTERVALS: readonly Interval[] = ['day', 'week', 'month', 'year'];
const DEFAULT_DECLINE = 'Your card was declined.';
/** Delivery timeout: Stripe waits a few seconds for a webhook answer. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** The fake's state, routes, webhooks and test controls. */
class FakeStripeServer implements FakeStripe {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly products = new Map<string, Stripe.Product>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly subscriptions = new Map<string, Stripe.Subscription>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  readonly requests: RecordedRequest[] = [];
  readonly events: FakeEvent[] = [];
  readonly deliveries: Delivery[] = [];
  readonly secretKey: string;
  readonly webhookSecret: string;
  webhookUrl: string | undefined;
  url = '';
  port = 0;

  /** Payment intent id → id of the invoice it collects. */
  private readonly invoiceOfIntent = new Map<string, string>();
  /** Answers of successful POSTs by `Idempotency-Key`, replayed for a retry as Stripe does (for 24 h there). */
  private readonly idempotent = new Map<string, IdempotentResult>();
  /** Deliveries go out one at a time, in the order the events happened. */
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;
  private readonly server: Server;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly routes: Route[];

  constructor(options: FakeStripeOptions) {
    this.secretKey = options.secretKey ?? 'sk_test_quire';
    this.webhookSecret = options.webhookSecret;
    this.webhookUrl = options.webhookUrl;
    this.retries = options.deliveryRetries ?? 0;
    this.retryDelayMs = options.deliveryRetryDelayMs ?? 200;
    this.routes = this.buildRoutes();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        // Never let a handler bug crash the test process: answer 500 in Stripe's shape.
        if (!res.headersSent) void sendJson(res, 500, { error: { type: 'api_error', message: String(err) } });
      });
    });
  }

  /** Listens on 127.0.0.1:`port` and fills in `url` and `port`. */
  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}`;
  }

  setWebhookUrl(url: string | undefined): void {
    this.webhookUrl = url;
  }

  reset(): void {
    const maps = [this.customers, this.products, this.paymentIntents, this.subscriptions, this.invoices, this.invoiceOfIntent, this.idempotent];
    for (const map of maps) map.clear();
    this.requests.length = 0;
    this.events.length = 0;
    this.deliveries.length = 0;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.settled();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- HTTP ----

  /** Dispatches one request: `/_test/…` (browser helpers, no auth) or `/v1/…` (the API). */
  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rawBody = await readBody(req);
    if (url.pathname.startsWith('/_test/')) return this.handleTestRoute(req, res, url, rawBody);
    const headers = { 'request-id': newId('req'), 'stripe-version': STRIPE_TEST_API_VERSION };
    let result: RouteResult;
    try {
      result = this.handleApi(req, url, rawBody);
    } catch (err) {
      const apiError = toApiError(err);
      await sendJson(res, apiError.status, { error: apiError.body }, headers);
      return;
    }
    await sendJson(res, 200, result.body, result.replayed ? { ...headers, 'idempotent-replayed': 'true' } : headers);
    // Stripe's webhooks for an API call arrive after its answer, so our server's handler sees its own writes.
    if (result.events) void this.dispatch(result.events);
  }

  /** Records, authenticates and routes a `/v1` request. @throws ApiError or ParamError. */
  private handleApi(req: IncomingMessage, url: URL, rawBody: string): RouteResult {
    const method = req.method ?? 'GET';
    const headers = headerRecord(req);
    const recorded: RecordedRequest = { method, path: url.pathname, query: {}, body: {}, rawBody, headers };
    // Recorded before anything is checked, so that tests can also inspect the requests the fake refused.
    this.requests.push(recorded);
    recorded.query = parseForm(url.search.slice(1));
    const isForm = (headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    recorded.body = isForm || rawBody === '' ? parseForm(rawBody) : {};
    this.authenticate(headers);
    const route = this.routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    if (!route) {
      throw new ApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname}). The fake Stripe does not implement it.`,
      });
    }
    const id = decodeURIComponent(route.pattern.exec(url.pathname)?.[1] ?? '');
    const key = method === 'POST' ? headers['idempotency-key'] : undefined;
    if (key === undefined) return route.handle({ ...recorded.query, ...recorded.body }, id);
    return this.idempotently(key, `POST ${url.pathname}\n${rawBody}`, () => route.handle({ ...recorded.query, ...recorded.body }, id));
  }

  /**
   * Runs `handle` once per `Idempotency-Key`: a repeat of the same request gets the first answer again (and sends
   * no events again); the key with another request is an `idempotency_error`. Only successes are kept, as Stripe
   * keeps no result for a request that failed validation.
   */
  private idempotently(key: string, request: string, handle: () => RouteResult): RouteResult {
    const saved = this.idempotent.get(key);
    if (saved && saved.request !== request) {
      throw new ApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (saved) return { body: saved.body, replayed: true };
    const result = handle();
    this.idempotent.set(key, { request, body: wire(result.body) });
    return result;
  }

  /** Checks the secret key and the pinned API version, in Stripe's order. @throws ApiError 401 or 400. */
  private authenticate(headers: Record<string, string>): void {
    const given = apiKeyOf(headers.authorization ?? '');
    if (given !== this.secretKey) {
      throw new ApiError(401, {
        type: 'authentication_error',
        message: given ? `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}` : 'You did not provide an API key.',
      });
    }
    const version = headers['stripe-version'];
    if (version !== STRIPE_TEST_API_VERSION) {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        message:
          `Stripe-Version ${version === undefined ? '(none)' : `'${version}'`} is not the API version the fake Stripe ` +
          `implements (${STRIPE_TEST_API_VERSION}): pin apiVersion to it when creating the Stripe client.`,
      });
    }
  }

  /** The browser-facing test routes, open to any origin (the Stripe.js stub calls them from the app's page). */
  private async handleTestRoute(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): Promise<void> {
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS).end();
      return;
    }
    if (route === 'GET /_test/health') return sendJson(res, 200, { ok: true }, CORS_HEADERS);
    if (route === 'POST /_test/confirm') {
      const { status, body } = await this.confirmFromBrowser(rawBody);
      return sendJson(res, status, body, CORS_HEADERS);
    }
    if (route === 'GET /_test/payment_intents') {
      const intent = this.intentByClientSecret(url.searchParams.get('client_secret') ?? '');
      if (!intent) return sendJson(res, 404, { error: missingError('payment_intent', 'client_secret') }, CORS_HEADERS);
      return sendJson(res, 200, publicIntentView(intent), CORS_HEADERS);
    }
    return sendJson(res, 404, { error: { type: 'invalid_request_error', message: `Unknown test route ${route}` } }, CORS_HEADERS);
  }

  /**
   * `POST /_test/confirm` `{ clientSecret, outcome?: 'succeeded' | 'failed', message? }`: what Stripe.js and the
   * card network would do on confirmPayment. Webhooks are delivered before answering, so when the browser moves on
   * our server already knows. Answers `{ status, paymentIntentId }`, or 402 `{ error: card_error }` on failure.
   */
  private async confirmFromBrowser(rawBody: string): Promise<{ status: number; body: unknown }> {
    let input: { clientSecret?: unknown; outcome?: unknown; message?: unknown };
    try {
      input = JSON.parse(rawBody) as typeof input;
    } catch {
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Body must be JSON' } } };
    }
    if (input.outcome !== undefined && input.outcome !== 'succeeded' && input.outcome !== 'failed') {
      return { status: 400, body: { error: { type: 'invalid_request_error', param: 'outcome', message: "outcome must be 'succeeded' or 'failed'" } } };
    }
    const intent = this.intentByClientSecret(typeof input.clientSecret === 'string' ? input.clientSecret : '');
    if (!intent) return { status: 404, body: { error: missingError('payment_intent', 'client_secret') } };
    if (intent.status !== 'requires_payment_method') {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
          },
        },
      };
    }
    if (input.outcome === 'failed') {
      const message = typeof input.message === 'string' ? input.message : DEFAULT_DECLINE;
      await this.failPaymentIntent(intent.id, message);
      return { status: 402, body: { error: declineError(intent, message) } };
    }
    await this.succeedPaymentIntent(intent.id);
    return { status: 200, body: { status: intent.status, paymentIntentId: intent.id } };
  }

  private intentByClientSecret(secret: string): Stripe.PaymentIntent | undefined {
    if (!secret) return undefined;
    return [...this.paymentIntents.values()].find((pi) => pi.client_secret === secret);
  }

  // ---- routes ----

  private buildRoutes(): Route[] {
    const id = '([^/]+)';
    const route = (method: Route['method'], path: string, handle: Route['handle']): Route => ({
      method,
      pattern: new RegExp(`^${path}$`),
      handle: handle.bind(this),
    });
    return [
      route('POST', '/v1/customers', this.createCustomer),
      route('GET', `/v1/customers/${id}`, this.retrieveCustomer),
      route('POST', '/v1/products', this.createProduct),
      route('GET', `/v1/products/${id}`, this.retrieveProduct),
      route('POST', '/v1/payment_intents', this.createPaymentIntent),
      route('GET', `/v1/payment_intents/${id}`, this.retrievePaymentIntent),
      route('POST', '/v1/subscriptions', this.createSubscription),
      route('GET', `/v1/subscriptions/${id}`, this.retrieveSubscription),
      route('POST', `/v1/subscriptions/${id}`, this.updateSubscription),
      route('DELETE', `/v1/subscriptions/${id}`, this.deleteSubscription),
      route('GET', `/v1/invoices/${id}`, this.retrieveInvoice),
    ];
  }

  /** `POST /v1/customers` (email, name, description, phone, metadata). */
  private createCustomer(params: FormObject): RouteResult {
    assertKnownParams(params, ['email', 'name', 'description', 'phone', 'metadata', 'expand']);
    const customer = buildCustomer({
      email: optionalString(params, 'email') ?? null,
      name: optionalString(params, 'name') ?? null,
      description: optionalString(params, 'description') ?? null,
      phone: optionalString(params, 'phone') ?? null,
      metadata: mergeMetadata({}, params),
    });
    this.customers.set(customer.id, customer);
    return { body: this.renderCustomer(customer, expandTree('customer', expandList(params))) };
  }

  private retrieveCustomer(params: FormObject, id: string): RouteResult {
    assertKnownParams(params, ['expand']);
    return { body: this.renderCustomer(this.found('customer', this.customers, id), expandTree('customer', expandList(params))) };
  }

  /** `POST /v1/products` (id?, name, description, active, metadata); a taken id is `resource_already_exists`. */
  private createProduct(params: FormObject): RouteResult {
    assertKnownParams(params, ['id', 'name', 'description', 'active', 'metadata', 'expand']);
    expandTree('product', expandList(params));
    const id = optionalString(params, 'id') ?? newId('prod');
    const name = requiredString(params, 'name');
    if (this.products.has(id)) {
      throw new ApiError(400, { type: 'invalid_request_error', code: 'resource_already_exists', param: 'id', message: 'Product already exists.' });
    }
    const product = buildProduct({
      id,
      name,
      description: optionalString(params, 'description') ?? null,
      active: optionalBoolean(params, 'active') ?? true,
      metadata: mergeMetadata({}, params),
    });
    this.products.set(id, product);
    return { body: product };
  }

  private retrieveProduct(params: FormObject, id: string): RouteResult {
    assertKnownParams(params, ['expand']);
    expandTree('product', expandList(params));
    return { body: this.found('product', this.products, id) };
  }

  /** `POST /v1/payment_intents` (amount, currency, customer, description, metadata, automatic_payment_methods, ...). */
  private createPaymentIntent(params: FormObject): RouteResult {
    assertKnownParams(params, [
      'amount',
      'currency',
      'customer',
      'description',
      'metadata',
      'automatic_payment_methods',
      'receipt_email',
      'setup_future_usage',
      'expand',
    ]);
    const tree = expandTree('payment_intent', expandList(params));
    const amount = requiredInteger(params, 'amount');
    const currency = requiredString(params, 'currency').toLowerCase();
    if (currency === 'usd' && amount < 50) {
      throw new ApiError(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
    }
    const customer = optionalString(params, 'customer');
    if (customer !== undefined) this.referenced('customer', this.customers, customer, 'customer');
    const apmParams = optionalObject(params, 'automatic_payment_methods');
    assertKnownParams(apmParams ?? {}, ['enabled', 'allow_redirects']);
    const intent = buildPaymentIntent({
      amount,
      currency,
      customer: customer ?? null,
      description: optionalString(params, 'description') ?? null,
      metadata: mergeMetadata({}, params),
      automaticPaymentMethods: apmParams ? (optionalBoolean(apmParams, 'enabled') ?? false) : null,
      setupFutureUsage: (optionalString(params, 'setup_future_usage') as Stripe.PaymentIntent.SetupFutureUsage | undefined) ?? null,
      receiptEmail: optionalString(params, 'receipt_email') ?? null,
    });
    this.paymentIntents.set(intent.id, intent);
    return { body: this.renderPaymentIntent(intent, tree) };
  }

  private retrievePaymentIntent(params: FormObject, id: string): RouteResult {
    assertKnownParams(params, ['expand', 'client_secret']);
    const tree = expandTree('payment_intent', expandList(params));
    return { body: this.renderPaymentIntent(this.found('payment_intent', this.paymentIntents, id), tree) };
  }

  /**
   * `POST /v1/subscriptions` with one `items[0][price_data]` and `payment_behavior=default_incomplete`: an
   * `incomplete` subscription whose first invoice is open and carries a confirmation secret for the Payment Element.
   */
  private createSubscription(params: FormObject): RouteResult {
    assertKnownParams(params, ['customer', 'items', 'payment_behavior', 'payment_settings', 'metadata', 'description', 'expand']);
    const tree = expandTree('subscription', expandList(params));
    const customer = this.referenced('customer', this.customers, requiredString(params, 'customer'), 'customer');
    const behavior = requiredString(params, 'payment_behavior');
    if (behavior !== PAYMENT_BEHAVIOR) {
      throw new ParamError('payment_behavior', `The fake Stripe implements payment_behavior=${PAYMENT_BEHAVIOR} only (got ${behavior}).`, 'parameter_invalid');
    }
    const items = listAt(params, 'items');
    if (items.length !== 1) throw new ParamError('items', 'The fake Stripe implements subscriptions with exactly one item.', 'parameter_invalid');
    const paymentSettings = optionalObject(params, 'payment_settings') ?? {};
    assertKnownParams(paymentSettings, ['save_default_payment_method']);
    const save = optionalString(paymentSettings, 'save_default_payment_method') ?? 'off';

    const subscriptionId = newId('sub');
    const price = this.priceFromParams(params, 0);
    const start = nowSeconds();
    const { interval, count } = intervalOf(price);
    const item = buildSubscriptionItem(subscriptionId, price, start, periodEnd(start, interval, count));
    const invoiceId = newId('in');
    const subscription = buildSubscription({
      id: subscriptionId,
      customer: customer.id,
      item,
      latestInvoice: invoiceId,
      description: optionalString(params, 'description') ?? null,
      metadata: mergeMetadata({}, params),
      saveDefaultPaymentMethod: save,
    });
    this.subscriptions.set(subscriptionId, subscription);
    this.openInvoice(invoiceId, subscription, 'subscription_create');
    return { body: this.renderSubscription(subscription, tree) };
  }

  /** The price for `items[index][price_data]` (currency, product, unit_amount, recurring[interval|interval_count]). */
  private priceFromParams(params: FormObject, index: number): Stripe.Price {
    const at = ['items', String(index)];
    const item = optionalObject(params, ...at) ?? {};
    assertKnownParams(item, ['id', 'price_data']);
    if (!optionalObject(item, 'price_data')) {
      throw new ParamError(`items[${index}][price_data]`, 'The fake Stripe implements inline prices (price_data) only.', 'parameter_missing');
    }
    const data = ['items', String(index), 'price_data'];
    assertKnownParams(optionalObject(params, ...data) ?? {}, ['currency', 'product', 'unit_amount', 'recurring']);
    assertKnownParams(optionalObject(params, ...data, 'recurring') ?? {}, ['interval', 'interval_count']);
    const productParam = `items[${index}][price_data][product]`;
    const product = this.referenced('product', this.products, requiredString(params, ...data, 'product'), productParam);
    const interval = requiredString(params, ...data, 'recurring', 'interval') as Interval;
    if (!INTERVALS.includes(interval)) {
      throw new ParamError(`items[${index}][price_data][recurring][interval]`, `Invalid interval: ${interval}`, 'parameter_invalid');
    }
    return buildRecurringPrice({
      currency: requiredString(params, ...data, 'currency').toLowerCase(),
      product: product.id,
      unitAmount: requiredInteger(params, ...data, 'unit_amount'),
      interval,
      intervalCount: optionalInteger(params, ...data, 'recurring', 'interval_count') ?? 1,
    });
  }

  private retrieveSubscription(params: FormObject, id: string): RouteResult {
    assertKnownParams(params, ['expand']);
    const tree = expandTree('subscription', expandList(params));
    return { body: this.renderSubscription(this.found('subscription', this.subscriptions, id), tree) };
  }

  private retrieveInvoice(params: FormObject, id: string): RouteResult {
    assertKnownParams(params, ['expand']);
    const tree = expandTree('invoice', expandList(params));
    return { body: this.renderInvoice(this.found('invoice', this.invoices, id), tree) };
  }

  /**
   * `POST /v1/subscriptions/:id`: metadata (merged), `cancel_at_period_end`, and `items[i][id]` with
   * `items[i][price_data]` (a new price for that item; its period stays). `proration_behavior` is accepted and,
   * as no proration invoices are modelled, has no effect. Sends `customer.subscription.updated` (with
   * `previous_attributes`) after answering, when anything changed.
   */
  private updateSubscription(params: FormObject, id: string): RouteResult {
    assertKnownParams(params, ['metadata', 'cancel_at_period_end', 'items', 'proration_behavior', 'payment_behavior', 'description', 'expand']);
    const tree = expandTree('subscription', expandList(params));
    const subscription = this.found('subscription', this.subscriptions, id);
    const onlyMetadata = Object.keys(params).every((key) => key === 'metadata' || key === 'expand');
    if (subscription.status === 'canceled' && !onlyMetadata) {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        message: 'A canceled subscription can only update its cancellation_details and metadata.',
      });
    }
    const proration = optionalString(params, 'proration_behavior');
    if (proration !== undefined && !PRORATION_BEHAVIORS.includes(proration)) {
      throw new ParamError('proration_behavior', `Invalid proration_behavior: ${proration}`, 'parameter_invalid');
    }
    const before = wire(subscription);
    subscription.metadata = mergeMetadata(subscription.metadata, params);
    const description = optionalString(params, 'description');
    if (description !== undefined) subscription.description = description || null;
    const cancelAtPeriodEnd = optionalBoolean(params, 'cancel_at_period_end');
    if (cancelAtPeriodEnd !== undefined) setCancelAtPeriodEnd(subscription, cancelAtPeriodEnd);
    this.replaceItemPrices(subscription, params);
    const previous = changedFields(before, subscription);
    // Like Stripe, an update that changes nothing sends no event.
    const events = Object.keys(previous).length === 0 ? [] : [this.event('customer.subscription.updated', this.renderSubscription(subscription, {}), previous)];
    return { body: this.renderSubscription(subscription, tree), events };
  }

  /** Applies `items[i][id]` + `items[i][price_data]`: the item keeps its id and period and gets a new price. */
  private replaceItemPrices(subscription: Stripe.Subscription, params: FormObject): void {
    listAt(params, 'items').forEach((_, index) => {
      const itemId = requiredString(params, 'items', String(index), 'id');
      const item = subscription.items.data.find((i) => i.id === itemId);
      if (!item) {
        throw new ApiError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: `items[${index}][id]`,
          message: `No such subscription item: '${itemId}'`,
        });
      }
      const price = this.priceFromParams(params, index);
      item.price = price;
      item.plan = planOf(price);
    });
  }

  /** `DELETE /v1/subscriptions/:id`: canceled now; `customer.subscription.deleted` after answering. */
  private deleteSubscription(params: FormObject, id: string): RouteResult {
    assertKnownParams(params, ['invoice_now', 'prorate', 'cancellation_details', 'expand']);
    const tree = expandTree('subscription', expandList(params));
    const subscription = this.found('subscription', this.subscriptions, id);
    if (subscription.status === 'canceled') {
      throw new ApiError(400, { type: 'invalid_request_error', message: `This subscription (${id}) is already canceled.` });
    }
    const details = optionalObject(params, 'cancellation_details') ?? {};
    assertKnownParams(details, ['comment', 'feedback']);
    const events = this.cancelNow(subscription, nowSeconds(), {
      comment: optionalString(details, 'comment') ?? null,
      feedback: (optionalString(details, 'feedback') as Stripe.Subscription.CancellationDetails.Feedback | undefined) ?? null,
    });
    return { body: this.renderSubscription(subscription, tree), events };
  }

  // ---- lookups and rendering ----

  /** The object `id` of a path, e.g. `/v1/products/:id`. @throws ApiError 404 resource_missing. */
  private found<T>(kind: Kind, map: Map<string, T>, id: string): T {
    const value = map.get(id);
    if (value === undefined) throw new ApiError(404, missingError(kind, 'id', id));
    return value;
  }

  /** An object named by a parameter (`customer`, `...[product]`). @throws ApiError 400 resource_missing. */
  private referenced<T>(kind: Kind, map: Map<string, T>, id: string, param: string): T {
    const value = map.get(id);
    if (value === undefined) throw new ApiError(400, missingError(kind, param, id));
    return value;
  }

  private renderCustomer(customer: Stripe.Customer, _tree: ExpandTree): Stripe.Customer {
    return customer;
  }

  private renderPaymentIntent(intent: Stripe.PaymentIntent, tree: ExpandTree): Stripe.PaymentIntent {
    const out = { ...intent };
    if (tree.customer && typeof intent.customer === 'string') out.customer = this.customers.get(intent.customer) ?? intent.customer;
    return out;
  }

  /** The subscription as Stripe answers it: `latest_invoice` an id unless expanded (then the invoice, rendered). */
  private renderSubscription(subscription: Stripe.Subscription, tree: ExpandTree): Stripe.Subscription {
    const out = { ...subscription };
    if (tree.customer && typeof subscription.customer === 'string') {
      out.customer = this.customers.get(subscription.customer) ?? subscription.customer;
    }
    const invoiceTree = tree.latest_invoice;
    if (invoiceTree && typeof subscription.latest_invoice === 'string') {
      const invoice = this.invoices.get(subscription.latest_invoice);
      if (invoice) out.latest_invoice = this.renderInvoice(invoice, invoiceTree);
    }
    return out;
  }

  /** The invoice as Stripe answers it: the includable `confirmation_secret` and `payments` only when expanded. */
  private renderInvoice(invoice: Stripe.Invoice, tree: ExpandTree): Stripe.Invoice {
    const { confirmation_secret: confirmationSecret, payments, ...rest } = invoice;
    const out: Stripe.Invoice = { ...rest };
    if (tree.confirmation_secret) out.confirmation_secret = confirmationSecret ?? null;
    if (tree.payments && payments) out.payments = payments;
    if (tree.customer && typeof invoice.customer === 'string') out.customer = this.customers.get(invoice.customer) ?? invoice.customer;
    return out;
  }

  // ---- billing ----

  /**
   * Opens invoice `invoiceId` for the current period of the subscription's item: a payment intent for the amount
   * (its client secret becomes the invoice's confirmation secret), the invoice linked to it through `payments`.
   */
  private openInvoice(invoiceId: string, subscription: Stripe.Subscription, reason: 'subscription_create' | 'subscription_cycle'): Stripe.Invoice {
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${subscription.id} has no items`);
    const customer = this.referenced('customer', this.customers, String(subscription.customer), 'customer');
    const intent = buildPaymentIntent({
      amount: item.price.unit_amount ?? 0,
      currency: item.price.currency,
      customer: customer.id,
      description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      metadata: {},
      automaticPaymentMethods: null,
      setupFutureUsage: subscription.payment_settings?.save_default_payment_method === 'on_subscription' ? 'off_session' : null,
      receiptEmail: null,
    });
    const productId = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    const invoice = buildSubscriptionInvoice({
      id: invoiceId,
      customer,
      subscription,
      item,
      productName: this.products.get(productId)?.name ?? productId,
      paymentIntent: intent,
      billingReason: reason,
      number: this.nextInvoiceNumber(customer),
    });
    this.paymentIntents.set(intent.id, intent);
    this.invoices.set(invoice.id, invoice);
    this.invoiceOfIntent.set(intent.id, invoice.id);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** `<customer invoice prefix>-0001`, then `-0002`, ... */
  private nextInvoiceNumber(customer: Stripe.Customer): string {
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    return `${customer.invoice_prefix ?? 'INV'}-${String(sequence).padStart(4, '0')}`;
  }

  private subscriptionOfInvoice(invoice: Stripe.Invoice): Stripe.Subscription {
    const ref = invoice.parent?.subscription_details?.subscription;
    const id = typeof ref === 'string' ? ref : ref?.id;
    const subscription = id === undefined ? undefined : this.subscriptions.get(id);
    if (!subscription) throw new Error(`invoice ${invoice.id} has no subscription`);
    return subscription;
  }

  /**
   * Marks `invoice` paid by `intent` (already succeeded) and activates its subscription when this was the latest
   * invoice; `before` is the subscription as it was when the billing step began (for `previous_attributes`).
   */
  private payInvoice(invoice: Stripe.Invoice, intent: Stripe.PaymentIntent, before?: Stripe.Subscription): FakeEvent[] {
    const subscription = this.subscriptionOfInvoice(invoice);
    const original = before ?? wire(subscription);
    const now = nowSeconds();
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempted = true;
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = now;
    for (const payment of invoice.payments?.data ?? []) {
      payment.status = 'paid';
      payment.amount_paid = intent.amount_received;
      payment.status_transitions.paid_at = now;
    }
    if (subscription.latest_invoice === invoice.id && subscription.status !== 'canceled') subscription.status = 'active';
    if (subscription.payment_settings?.save_default_payment_method === 'on_subscription') {
      subscription.default_payment_method = intent.payment_method;
    }
    const events: FakeEvent[] = [this.event('invoice.paid', this.renderInvoice(invoice, {}))];
    const previous = changedFields(original, subscription);
    if (Object.keys(previous).length > 0) {
      events.push(this.event('customer.subscription.updated', this.renderSubscription(subscription, {}), previous));
    }
    return events;
  }

  /** Records a declined attempt on `invoice`; a failed renewal turns an active subscription `past_due`. */
  private failInvoice(invoice: Stripe.Invoice, before?: Stripe.Subscription): FakeEvent[] {
    const subscription = this.subscriptionOfInvoice(invoice);
    const original = before ?? wire(subscription);
    invoice.attempted = true;
    invoice.attempt_count += 1;
    // The first invoice of a default_incomplete subscription is not retried; renewals are, a few days later.
    invoice.next_payment_attempt = invoice.billing_reason === 'subscription_cycle' ? nowSeconds() + 3 * 86_400 : null;
    const isRenewal = invoice.billing_reason !== 'subscription_create';
    if (isRenewal && subscription.latest_invoice === invoice.id && subscription.status === 'active') subscription.status = 'past_due';
    const events: FakeEvent[] = [this.event('invoice.payment_failed', this.renderInvoice(invoice, {}))];
    const previous = changedFields(original, subscription);
    if (Object.keys(previous).length > 0) {
      events.push(this.event('customer.subscription.updated', this.renderSubscription(subscription, {}), previous));
    }
    return events;
  }

  /** Moves the subscription's item to its next period and opens that period's invoice. */
  private startNextPeriod(subscription: Stripe.Subscription): Stripe.Invoice {
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${subscription.id} has no items`);
    const { interval, count } = intervalOf(item.price);
    item.current_period_start = item.current_period_end;
    item.current_period_end = periodEnd(item.current_period_start, interval, count);
    return this.openInvoice(newId('in'), subscription, 'subscription_cycle');
  }

  /** A subscription that can be billed again. @throws Error when unknown or not active/past_due. */
  private renewable(id: string): Stripe.Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    if (subscription.status !== 'active' && subscription.status !== 'past_due') {
      throw new Error(`subscription ${id} is ${subscription.status}; only active or past_due subscriptions renew`);
    }
    return subscription;
  }

  /**
   * Cancels at `endedAt` (unix s): status `canceled`, `ended_at`, `canceled_at` (kept when a cancel at period end
   * was requested earlier), reason `cancellation_requested`; an open latest invoice is voided and its payment
   * intent canceled, as Stripe does, so it can no longer be paid.
   */
  private cancelNow(
    subscription: Stripe.Subscription,
    endedAt = nowSeconds(),
    feedback: Partial<Pick<Stripe.Subscription.CancellationDetails, 'comment' | 'feedback'>> = {},
  ): FakeEvent[] {
    subscription.status = 'canceled';
    subscription.canceled_at ??= endedAt;
    subscription.ended_at = endedAt;
    const details = subscription.cancellation_details ?? { comment: null, feedback: null, feedback_option: null, reason: null };
    subscription.cancellation_details = { ...details, ...feedback, reason: 'cancellation_requested' };
    const latest = typeof subscription.latest_invoice === 'string' ? this.invoices.get(subscription.latest_invoice) : undefined;
    if (latest?.status === 'open') {
      latest.status = 'void';
      latest.status_transitions.voided_at = endedAt;
      const intent = this.paymentIntentOfInvoice(latest.id);
      intent.status = 'canceled';
      intent.canceled_at = endedAt;
      intent.cancellation_reason = 'void_invoice';
    }
    return [this.event('customer.subscription.deleted', this.renderSubscription(subscription, {}))];
  }

  // ---- test controls ----

  paymentIntentOfInvoice(invoiceId: string): Stripe.PaymentIntent {
    const payment = this.invoices.get(invoiceId)?.payments?.data[0]?.payment.payment_intent;
    const id = typeof payment === 'string' ? payment : payment?.id;
    const intent = id === undefined ? undefined : this.paymentIntents.get(id);
    if (!intent) throw new Error(`invoice ${invoiceId} has no payment intent`);
    return intent;
  }

  private payable(id: string): Stripe.PaymentIntent {
    const intent = this.paymentIntents.get(id);
    if (!intent) throw new Error(`no payment intent ${id}`);
    if (intent.status === 'succeeded' || intent.status === 'canceled') throw new Error(`payment intent ${id} is already ${intent.status}`);
    return intent;
  }

  async succeedPaymentIntent(id: string): Promise<FakeEvent[]> {
    const intent = this.payable(id);
    chargeSucceeded(intent);
    const invoiceId = this.invoiceOfIntent.get(id);
    const invoice = invoiceId === undefined ? undefined : this.invoices.get(invoiceId);
    if (!invoice) return this.dispatch([this.event('payment_intent.succeeded', this.renderPaymentIntent(intent, {}))]);
    return this.dispatch(this.payInvoice(invoice, intent));
  }

  async failPaymentIntent(id: string, message = DEFAULT_DECLINE): Promise<FakeEvent[]> {
    const intent = this.payable(id);
    chargeDeclined(intent, message);
    const invoiceId = this.invoiceOfIntent.get(id);
    const invoice = invoiceId === undefined ? undefined : this.invoices.get(invoiceId);
    if (!invoice) return this.dispatch([this.event('payment_intent.payment_failed', this.renderPaymentIntent(intent, {}))]);
    return this.dispatch(this.failInvoice(invoice));
  }

  async renewSubscription(id: string): Promise<FakeEvent[]> {
    const subscription = this.renewable(id);
    if (subscription.cancel_at_period_end) {
      const item = subscription.items.data[0];
      return this.dispatch(this.cancelNow(subscription, item?.current_period_end));
    }
    const before = wire(subscription);
    const invoice = this.startNextPeriod(subscription);
    const intent = this.paymentIntentOfInvoice(invoice.id);
    chargeSucceeded(intent);
    return this.dispatch(this.payInvoice(invoice, intent, before));
  }

  async failRenewal(id: string, message = DEFAULT_DECLINE): Promise<FakeEvent[]> {
    const subscription = this.renewable(id);
    const before = wire(subscription);
    const invoice = this.startNextPeriod(subscription);
    chargeDeclined(this.paymentIntentOfInvoice(invoice.id), message);
    return this.dispatch(this.failInvoice(invoice, before));
  }

  async cancelSubscription(id: string): Promise<FakeEvent[]> {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    if (subscription.status === 'canceled') throw new Error(`subscription ${id} is already canceled`);
    return this.dispatch(this.cancelNow(subscription));
  }

  // ---- events and webhooks ----

  buildEvent<T extends Stripe.Event.Type>(
    type: T,
    object: EventOf<T>['data']['object'],
    previousAttributes?: EventOf<T>['data']['previous_attributes'],
  ): EventOf<T> {
    return this.event(type, object, previousAttributes) as EventOf<T>;
  }

  /** A new event of `type` with JSON snapshots of `object` and, if given, `previous_attributes`. */
  private event(type: Stripe.Event.Type, object: object, previousAttributes?: object): FakeEvent {
    const data = previousAttributes === undefined ? { object: wire(object) } : { object: wire(object), previous_attributes: wire(previousAttributes) };
    const event: Stripe.EventBase = {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_TEST_API_VERSION,
      created: nowSeconds(),
      data,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    return event as FakeEvent;
  }

  sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? this.webhookSecret, timestamp: options.timestamp });
  }

  deliver(event: FakeEvent, options: { payload?: string; header?: string } = {}): Promise<Delivery> {
    const url = this.webhookUrl;
    if (url === undefined) return Promise.reject(new Error('no webhook URL set: call setWebhookUrl first'));
    return this.enqueue(() => this.post(url, event, options.payload, options.header));
  }

  async settled(): Promise<void> {
    // Deliveries may enqueue more (an answer arriving while a webhook is out), so wait until the queue stays put.
    for (let seen: unknown; seen !== this.queue; ) {
      seen = this.queue;
      await seen;
    }
  }

  /** Records `events` and, when a webhook URL is set, delivers them in order. Resolves with `events`. */
  private async dispatch(events: FakeEvent[]): Promise<FakeEvent[]> {
    this.events.push(...events);
    const url = this.webhookUrl;
    if (url !== undefined) {
      await this.enqueue(async () => {
        for (const event of events) await this.post(url, event);
      });
    }
    return events;
  }

  /** Runs `job` after everything already queued; a failing job never blocks the ones after it. */
  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** POSTs one event, retrying transient failures with doubling waits; records and returns the delivery. */
  private async post(url: string, event: FakeEvent, payload = JSON.stringify(event, null, 2), header = this.sign(payload)): Promise<Delivery> {
    let result: PostResult | undefined;
    let error: string | undefined;
    let attempts = 0;
    do {
      if (attempts > 0) await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * 2 ** (attempts - 1)));
      attempts += 1;
      try {
        result = await postJson(url, payload, { 'stripe-signature': header }, DELIVERY_TIMEOUT_MS);
        error = undefined;
      } catch (err) {
        result = undefined;
        error = err instanceof Error ? err.message : String(err);
      }
    } while (isTransient(result) && attempts <= this.retries && !this.closing);
    const delivery: Delivery = { event, url, payload, header, status: result?.status ?? 0, body: result?.body ?? '', attempts };
    if (error !== undefined) delivery.error = error;
    this.deliveries.push(delivery);
    return delivery;
  }
}

/** The API key of an `Authorization` header: `Bearer <key>` (the SDK) or Basic with the key as user name (curl -u). */
function apiKeyOf(authorization: string): string {
  const [scheme = '', value = ''] = authorization.split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) return Buffer.from(value, 'base64').toString('utf8').replace(/:.*$/, '');
  return '';
}

/** Stripe's 404/400 body for an object that does not exist. */
function missingError(kind: Kind, param: string, id?: string): StripeErrorBody {
  return {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: id === undefined ? `No such ${kind}` : `No such ${kind}: '${id}'`,
  };
}

/** The `card_error` body Stripe.js gives back for a declined confirmation. */
function declineError(intent: Stripe.PaymentIntent, message: string): StripeErrorBody {
  return {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message,
    payment_intent: { id: intent.id, status: intent.status },
  };
}

/** What Stripe.js' `retrievePaymentIntent` shows a browser holding the client secret. */
function publicIntentView(intent: Stripe.PaymentIntent): Record<string, unknown> {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.client_secret,
    last_payment_error: intent.last_payment_error,
    livemode: false,
  };
}

/** The error answer for anything thrown by a route. */
function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof ParamError) {
    return new ApiError(400, { type: 'invalid_request_error', message: err.message, param: err.param, code: err.code });
  }
  return new ApiError(500, { type: 'api_error', message: err instanceof Error ? err.message : String(err) });
}

/** Payment intent paid by a test card: succeeded, full amount received, a charge and payment method ids. */
function chargeSucceeded(intent: Stripe.PaymentIntent): void {
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.latest_charge = newId('ch');
  intent.payment_method = newId('pm');
  intent.last_payment_error = null;
}

/** Payment intent declined: back to `requires_payment_method` with a `card_declined` error. */
function chargeDeclined(intent: Stripe.PaymentIntent, message: string): void {
  intent.status = 'requires_payment_method';
  intent.latest_charge = newId('ch');
  intent.payment_method = null;
  intent.last_payment_error = {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    doc_url: 'https://docs.stripe.com/error-codes/card-declined',
    message,
    payment_method_type: 'card',
  };
}

/**
 * `cancel_at_period_end`: true schedules the end (`cancel_at` = the period's end, `canceled_at` = now, reason
 * `cancellation_requested`, as Stripe records the request time); false clears all three.
 */
function setCancelAtPeriodEnd(subscription: Stripe.Subscription, value: boolean): void {
  const details = subscription.cancellation_details ?? { comment: null, feedback: null, feedback_option: null, reason: null };
  subscription.cancel_at_period_end = value;
  subscription.cancel_at = value ? Math.max(...subscription.items.data.map((i) => i.current_period_end)) : null;
  subscription.canceled_at = value ? nowSeconds() : null;
  subscription.cancellation_details = { ...details, reason: value ? 'cancellation_requested' : null };
}

/**
 * Starts a fake Stripe API on 127.0.0.1 (`options.port`, default a free one).
 *
 * Implements, for API version 2026-10-28.endive (form-encoded requests, `Authorization: Bearer <secretKey>`,
 * `Stripe-Version` must equal STRIPE_TEST_API_VERSION):
 * - `POST /v1/customers`, `GET /v1/customers/:id`
 * - `POST /v1/products` (caller-given `id`; a taken id is 400 `resource_already_exists`), `GET /v1/products/:id`
 * - `POST /v1/payment_intents` (→ `requires_payment_method` with `client_secret`), `GET /v1/payment_intents/:id`
 * - `POST /v1/subscriptions` (one `items[0][price_data]`, `payment_behavior=default_incomplete`; → `incomplete`,
 *   `latest_invoice` an open invoice; expand `latest_invoice.confirmation_secret` for the Payment Element secret),
 *   `GET /v1/subscriptions/:id`, `POST /v1/subscriptions/:id` (metadata, `cancel_at_period_end`, item price),
 *   `DELETE /v1/subscriptions/:id`, and `GET /v1/invoices/:id`
 * - expand: `customer` (payment intents, subscriptions, invoices), `latest_invoice[.confirmation_secret|.payments]`
 * - unknown ids 404 `resource_missing` (400 when named by a parameter), unknown routes 404, unknown parameters 400
 * - `/_test/health` (GET), `/_test/confirm` (POST, the Stripe.js stub's confirmPayment),
 *   `/_test/payment_intents?client_secret=` (GET, its retrievePaymentIntent); no auth, CORS open.
 */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const fake = new FakeStripeServer(options);
  await fake.listen(options.port ?? 0);
  return fake;
}
