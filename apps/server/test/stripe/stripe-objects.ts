/**
 * Builders for the objects the fake Stripe keeps, each typed as the `stripe` SDK's own type for the API version it
 * pins (2026-10-28.endive), so the compiler checks that every field that version defines is present. Shapes of that
 * version worth knowing: a subscription's billing period lives on its items (`items.data[i].current_period_start`
 * and `current_period_end`), an invoice reaches its payments through `payments` (there is no `payment_intent`), its
 * Payment Element secret is `confirmation_secret.client_secret`, and a line's price is under
 * `pricing.price_details`. Times are unix seconds; amounts are integers in the currency's smallest unit (cents).
 * Decimal fields hold the SDK's `Decimal`, which serialises to the decimal string Stripe sends.
 */
import { randomInt } from 'node:crypto';
import Stripe from 'stripe';

/** Seconds in a day; billing periods here are whole days so that tests can predict them. */
export const DAY_SECONDS = 86_400;

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random letters and digits, like the tails of Stripe's ids and secrets. */
export function randomToken(length = 24): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return out;
}

/** A new Stripe-style id: `prefix_` and 24 random letters and digits (`cus_`, `pi_`, `sub_`, `in_`, ...). */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken()}`;
}

/** The current time in unix seconds, Stripe's unit for every timestamp. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Billing intervals Stripe accepts for recurring prices. */
export type Interval = 'day' | 'week' | 'month' | 'year';

/** Days in one interval: a month is 30 days and a year 365, fixed lengths instead of calendar months. */
const INTERVAL_DAYS: Record<Interval, number> = { day: 1, week: 7, month: 30, year: 365 };

/** The end (unix seconds) of a billing period that starts at `start` and lasts `count` intervals. */
export function periodEnd(start: number, interval: Interval, count: number): number {
  return start + INTERVAL_DAYS[interval] * count * DAY_SECONDS;
}

/** A `Decimal` for an integer amount, as the SDK types decimal fields. */
function decimal(value: number): Stripe.Decimal {
  return Stripe.Decimal.from(value);
}

/** Fields for a new customer, as given to `POST /v1/customers`. */
export interface CustomerInput {
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Stripe.Metadata;
}

/** A customer (`cus_…`) with no payment methods, balance 0 and a random invoice prefix. */
export function buildCustomer(input: CustomerInput): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: input.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** Fields for a new product, as given to `POST /v1/products` (`id` is the caller's or a new `prod_…`). */
export interface ProductInput {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Stripe.Metadata;
}

/** An active service product without prices. */
export function buildProduct(input: ProductInput): Stripe.Product {
  const created = nowSeconds();
  return {
    id: input.id,
    object: 'product',
    active: input.active,
    created,
    default_price: null,
    description: input.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata,
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  };
}

/** Fields for a new payment intent; `amount` in the smallest currency unit. */
export interface PaymentIntentInput {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Stripe.Metadata;
  /** `automatic_payment_methods[enabled]`; null when the caller did not send it. */
  automaticPaymentMethods: boolean | null;
  setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
  receiptEmail: string | null;
}

/**
 * A payment intent (`pi_…`) waiting for a payment method (`requires_payment_method`), with a client secret
 * `pi_…_secret_…` for the browser, card as its payment method type and nothing received yet.
 */
export function buildPaymentIntent(input: PaymentIntentInput): Stripe.PaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: input.automaticPaymentMethods === null ? null : { allow_redirects: 'always', enabled: input.automaticPaymentMethods },
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomToken()}`,
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

/** A subscription item's `price_data`: amount per interval in the smallest currency unit. */
export interface PriceInput {
  currency: string;
  product: string;
  unitAmount: number;
  interval: Interval;
  intervalCount: number;
}

/**
 * The recurring price (`price_…`) Stripe creates for inline `price_data`. Such prices are created inactive:
 * they belong to the subscription and cannot be reused by id elsewhere.
 */
export function buildRecurringPrice(input: PriceInput): Stripe.Price {
  return {
    id: newId('price'),
    object: 'price',
    active: false,
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency: input.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: input.product,
    recurring: {
      interval: input.interval,
      interval_count: input.intervalCount,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: input.unitAmount,
    unit_amount_decimal: decimal(input.unitAmount),
  };
}

/** The legacy `plan` view of a recurring price, which Stripe still puts on subscription items (same id). */
export function planOf(price: Stripe.Price): Stripe.Plan {
  const recurring = price.recurring;
  if (!recurring) throw new Error(`price ${price.id} is not recurring`);
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** The interval of a recurring price, narrowed to the ones the fake computes periods for. */
export function intervalOf(price: Stripe.Price): { interval: Interval; count: number } {
  const recurring = price.recurring;
  if (!recurring) throw new Error(`price ${price.id} is not recurring`);
  return { interval: recurring.interval as Interval, count: recurring.interval_count };
}

/** One item (`si_…`, quantity 1) of `subscription`, billed for `[periodStart, periodEnd)`. */
export function buildSubscriptionItem(subscription: string, price: Stripe.Price, periodStart: number, periodEnd: number): Stripe.SubscriptionItem {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: nowSeconds(),
    current_period_end: periodEnd,
    current_period_start: periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity: 1,
    subscription,
    tax_rates: [],
  };
}

/** Fields for a new subscription; `id` is chosen first because its items and invoice point back to it. */
export interface SubscriptionInput {
  id: string;
  customer: string;
  item: Stripe.SubscriptionItem;
  latestInvoice: string;
  description: string | null;
  metadata: Stripe.Metadata;
  saveDefaultPaymentMethod: Stripe.Subscription.PaymentSettings.SaveDefaultPaymentMethod;
}

/**
 * A subscription that was just created with `payment_behavior=default_incomplete`: status `incomplete`, one item,
 * `latest_invoice` the id of its first (open) invoice, charged automatically.
 */
export function buildSubscription(input: SubscriptionInput): Stripe.Subscription {
  const created = nowSeconds();
  return {
    id: input.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.item.current_period_start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: created },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created,
    currency: input.item.price.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: input.description,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [input.item], has_more: false, url: `/v1/subscription_items?subscription=${input.id}` },
    latest_invoice: input.latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: input.saveDefaultPaymentMethod,
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

/** `$7.99` for usd, `7.99 EUR` otherwise; only for human-readable line descriptions. */
function formatAmount(amount: number, currency: string): string {
  const units = (amount / 100).toFixed(2);
  return currency === 'usd' ? `$${units}` : `${units} ${currency.toUpperCase()}`;
}

/** The invoice line for one period of a subscription item (quantity 1, no tax, no discount). */
function buildSubscriptionLine(
  invoice: string,
  subscription: Stripe.Subscription,
  item: Stripe.SubscriptionItem,
  productName: string,
): Stripe.InvoiceLineItem {
  const price = item.price;
  const amount = price.unit_amount ?? 0;
  const product = typeof price.product === 'string' ? price.product : price.product.id;
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: price.currency,
    description: `1 × ${productName} (at ${formatAmount(amount, price.currency)} / ${price.recurring?.interval ?? 'month'})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    pretax_credit_amounts: [],
    pricing: { type: 'price_details', price_details: { price: price.id, product }, unit_amount_decimal: price.unit_amount_decimal },
    quantity: 1,
    quantity_decimal: decimal(1),
    subscription: subscription.id,
    subtotal: amount,
    taxes: [],
  };
}

/** The link from an invoice to the payment intent that pays it (`invoice.payments.data[i]`), still open. */
function buildInvoicePayment(invoice: string, paymentIntent: Stripe.PaymentIntent): Stripe.InvoicePayment {
  return {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: paymentIntent.amount,
    created: nowSeconds(),
    currency: paymentIntent.currency,
    invoice,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent.id },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  };
}

/** What a subscription invoice is built from. */
export interface SubscriptionInvoiceInput {
  id: string;
  customer: Stripe.Customer;
  subscription: Stripe.Subscription;
  /** The item whose current period the invoice bills. */
  item: Stripe.SubscriptionItem;
  /** The name of the item's product, for the line's description. */
  productName: string;
  /** The payment intent created to collect `amount_due`; its client secret is the confirmation secret. */
  paymentIntent: Stripe.PaymentIntent;
  billingReason: 'subscription_create' | 'subscription_cycle';
  number: string;
}

/**
 * A finalized, open subscription invoice for one period of `item`: `amount_due` = the price's unit amount, one line
 * whose `period` is the item's current period, `parent.subscription_details.subscription` = the subscription id,
 * and the includable `confirmation_secret` and `payments` filled in (the fake strips them from answers unless
 * expanded, like Stripe). The invoice-level `period_start`/`period_end` are the creation time, as Stripe sets them
 * for subscription invoices: the billed period is the line's.
 */
export function buildSubscriptionInvoice(input: SubscriptionInvoiceInput): Stripe.Invoice {
  const created = nowSeconds();
  const line = buildSubscriptionLine(input.id, input.subscription, input.item, input.productName);
  const amount = line.amount;
  return {
    id: input.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Quire (test)',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    confirmation_secret: { client_secret: input.paymentIntent.client_secret ?? '', type: 'payment_intent' },
    created,
    currency: line.currency,
    custom_fields: null,
    customer: input.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: input.customer.email,
    customer_name: input.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${input.id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: input.number,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...input.subscription.metadata }, subscription: input.subscription.id },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    payments: {
      object: 'list',
      data: [buildInvoicePayment(input.id, input.paymentIntent)],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${input.id}`,
    },
    period_end: created,
    period_start: created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'open',
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  };
}
