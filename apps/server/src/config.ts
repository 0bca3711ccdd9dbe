/**
 * Configuration: the environment is parsed once, with zod, into a {@link Config}. Everything has a working
 * default, so `npm start` needs no variables (DESIGN.md section 3, "Configuration").
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The reverse proxies believed about the client's address, as Fastify's `trustProxy` takes them (proxy-addr):
 * `false` none (the connection's address is the client's), a number of hops counted from this server (`1`: the
 * address the proxy in front of it saw), or the proxies' own addresses and CIDR ranges.
 */
export type TrustProxy = false | number | string[];

/** The built web app (`apps/web/dist`), located from this file so any working directory works. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** A boolean flag in the environment: `1`, `true`, `yes` (any case) mean on; anything else, or unset, off. */
const flag = z
  .string()
  .optional()
  .transform((v) => v !== undefined && ['1', 'true', 'yes'].includes(v.trim().toLowerCase()));

/** A positive integer in the environment, with a default when unset or empty. */
function positiveInt(fallback: number) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });
}

/** The environment variables Quire reads (all optional). */
const EnvSchema = z.object({
  /** TCP port of the HTTP server; 0 picks a free port. Default 5000. */
  PORT: positiveInt(5000),
  /** Interface to listen on. Default `localhost` (IPv4 and IPv6 loopback); set `0.0.0.0` in a container. */
  HOST: z.string().trim().min(1).default('localhost'),
  /** Folder of the embedded database (`db/`), stored files (`files/`) and the lock file. Default `./data`. */
  QUIRE_DATA_DIR: z.string().trim().min(1).default('./data'),
  /** PostgreSQL connection string; unset means the embedded PGlite database under the data directory. */
  DATABASE_URL: z.string().trim().min(1).optional(),
  /** `1` lets URL import reach private and loopback addresses: tests and local development only. */
  QUIRE_ALLOW_PRIVATE_URLS: flag,
  /**
   * Which reverse proxies to believe about the client's address (`X-Forwarded-For`), so that the rate limits count
   * each client apart instead of the proxy as one client: `1` (or `true`, `yes`) one proxy in front, `2`... that many
   * hops, or a comma-separated list of the proxies' addresses or CIDR ranges (`10.0.0.0/8, 127.0.0.1`). Only the
   * configured hops are trusted: the rest of the chain is what the client sent, and a client can write anything there.
   */
  QUIRE_TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): TrustProxy => {
      const value = (v ?? '').trim().toLowerCase();
      if (['', '0', 'false', 'no'].includes(value)) return false;
      if (['true', 'yes'].includes(value)) return 1;
      if (/^\d+$/.test(value)) return Number(value);
      const proxies = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
      const bad = proxies.filter((s) => !isIP(s.split('/')[0]!) || (s.includes('/') && !/^\d{1,3}$/.test(s.split('/')[1]!)));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a number of proxy hops (1, 2...) or the proxies' addresses or CIDR ranges, separated by commas; not ${bad.join(', ')}`,
        });
        return z.NEVER;
      }
      return proxies;
    }),
  /** Comma-separated CIDR ranges that URL import may reach although they are not global (e.g. a local mirror). */
  QUIRE_URL_ALLOW_CIDRS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '')),
  /** Total time limit of one URL import (all redirects and the body), in milliseconds. Default 30 000. */
  QUIRE_FETCH_TIMEOUT_MS: positiveInt(30_000),
  /**
   * Where Project Gutenberg files are fetched from when a Gutenberg book URL is imported (net/gutenberg.ts).
   * Default `https://www.gutenberg.org`; tests point it at a local server.
   */
  QUIRE_GUTENBERG_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) origin such as https://www.gutenberg.org' })
    .default('https://www.gutenberg.org'),
  /** Worker threads for cleanup, reading and export builds. Default 2 (one per core on the reference box). */
  QUIRE_WORKER_THREADS: positiveInt(2),
  /** Child processes that run the Typst compiler for PDF exports. Default 1. */
  QUIRE_PDF_PROCESSES: positiveInt(1),
  /**
   * Jobs (exports) this process runs at once. Default 2. 0 (PostgreSQL only): this process only answers requests and
   * `npm run worker` processes on the same database run the jobs.
   */
  QUIRE_JOB_CONCURRENCY: positiveInt(2),
  /** Built web app to serve; default `apps/web/dist` when it exists. */
  QUIRE_WEB_DIST_DIR: z.string().trim().min(1).optional(),
  /** pino log level (`fatal` ... `trace`, or `silent`). Default `info`. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Key of the OpenAI-compatible service of the optional AI cleanup pass; unset (with no base URL): no AI pass. */
  OPENAI_API_KEY: z.string().trim().min(1).optional(),
  /** Base URL of an OpenAI-compatible API (e.g. `http://localhost:11434/v1`); unset: api.openai.com when a key is set. */
  OPENAI_BASE_URL: z.string().trim().url().optional(),
  /** Chat model of the AI cleanup pass. Default `gpt-4o-mini`. */
  QUIRE_AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  /** Image model of the AI cover styles, on the same OpenAI-compatible service. Default `gpt-image-1`. */
  QUIRE_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-1'),
  /**
   * Address the site is reached at, used to build the links of e-mails (e.g. `https://quire.example.com`).
   * Default `http://localhost:<PORT>`.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://quire.example.com' }).optional(),
  /**
   * SMTP server that sends mail, as a nodemailer connection URL (`smtp://user:pass@host:587`, `smtps://...`).
   * Unset: mails are written as `.eml` files under `$QUIRE_DATA_DIR/outbox` instead of being sent.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  /** Where mails for the team go (paid Academic Concierge projects). Default `support@localhost`. */
  SUPPORT_EMAIL: z.email({ error: 'expected an e-mail address such as support@example.com' }).default('support@localhost'),
  /** Sender of Quire's mails. Default `Quire <no-reply@localhost>`. */
  MAIL_FROM: z.string().trim().min(1).default('Quire <no-reply@localhost>'),
  /**
   * The shared password of the admin analytics page (accounts spec section 9). Unset: the admin area is disabled
   * and its routes answer 503 saying so. Taken as written (no trimming: spaces may be part of it).
   */
  ADMIN_PASSWORD: z.string().min(1).optional(),
  /**
   * Stripe secret key (`sk_live_...` / `sk_test_...`). Unset: this server takes no payments, no plan or trial limit
   * applies, and the payment pages say that payments are not configured. Set, STRIPE_PUBLISHABLE_KEY and
   * STRIPE_WEBHOOK_SECRET are required too.
   */
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  /** Stripe publishable key (`pk_...`) the payment pages load Stripe.js with. */
  STRIPE_PUBLISHABLE_KEY: z.string().trim().min(1).optional(),
  /** Signing secret (`whsec_...`) of the webhook endpoint POST /api/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Another Stripe API address (tests point the SDK at a local fake API). Default Stripe's own. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL such as http://127.0.0.1:12111' }).optional(),
  /**
   * Bucket that keeps Quire's files (exports, books' images, covers, style guides) in S3 or an S3-compatible service
   * (issue 14). Unset: they are kept under `$QUIRE_DATA_DIR/files`. Set, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are
   * required too, and S3_REGION unless S3_ENDPOINT is set.
   */
  S3_BUCKET: z.string().trim().min(1).optional(),
  /** Region of the bucket (e.g. `eu-west-1`). Default `us-east-1` with S3_ENDPOINT; required for AWS S3 itself. */
  S3_REGION: z.string().trim().min(1).optional(),
  /**
   * Address of an S3-compatible service (MinIO, Ceph, Cloudflare R2, ...), e.g. `http://127.0.0.1:9000`. Unset:
   * AWS S3.
   */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL such as http://127.0.0.1:9000' }).optional(),
  /** Access key id of the S3 account. */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  /** Secret access key of the S3 account. Taken as written (no trimming). */
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * `1`/`true`/`yes` addresses the bucket in the path (`<endpoint>/<bucket>/<key>`), `0`/`false`/`no` as a host name
   * (`<bucket>.<endpoint>`). Default: path style with S3_ENDPOINT (what most S3-compatible services expect), host
   * style for AWS S3.
   */
  S3_FORCE_PATH_STYLE: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const word = v.trim().toLowerCase();
      if (['1', 'true', 'yes'].includes(word)) return true;
      if (['0', 'false', 'no'].includes(word)) return false;
      ctx.addIssue({ code: 'custom', message: `expected 1, true, yes, 0, false or no, got "${v}"` });
      return z.NEVER;
    }),
  /** A folder of the bucket Quire's files go under (e.g. `quire`), so one bucket can serve several sites. Default none. */
  S3_PREFIX: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\/+|\/+$/g, ''))
    .pipe(z.string().regex(/^(?:(?!\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/|$))+$/, 'expected folder names of letters, digits, ".", "_" and "-", separated by "/"'))
    .optional(),
});

/** Settings of one server instance. Paths are absolute; durations in milliseconds; sizes in bytes. */
export interface Config {
  port: number;
  host: string;
  /** Absolute data directory. */
  dataDir: string;
  /** The data directory as the user wrote it (for messages), e.g. `./data`. */
  dataDirLabel: string;
  /** PostgreSQL URL, or undefined for PGlite. */
  databaseUrl: string | undefined;
  /** PGlite only: keep the database in memory (tests); no data directory lock is then needed for it. */
  inMemoryDatabase: boolean;
  /** URL import may reach any address (tests and local development only). */
  allowPrivateUrls: boolean;
  /** The reverse proxies believed about the client's address (`QUIRE_TRUST_PROXY`, Fastify's `trustProxy`). */
  trustProxy: TrustProxy;
  /** CIDR ranges URL import may reach although not global, e.g. `['127.0.0.1/32']`. */
  urlAllowCidrs: string[];
  /** Total time limit of a URL import, in milliseconds. */
  fetchTimeoutMs: number;
  /** Redirects followed by a URL import before giving up (each hop is checked again). */
  maxRedirects: number;
  /** Origin Project Gutenberg book URLs are fetched from, e.g. `https://www.gutenberg.org`. */
  gutenbergOrigin: string;
  /** Size of the worker-thread pool. */
  workerThreads: number;
  /** Size of the Typst child-process pool. */
  pdfProcesses: number;
  /** Jobs this process runs at once (services/jobs); 0 only with PostgreSQL, where worker processes run them. */
  jobConcurrency: number;
  /** Built SPA to serve (index.html for every non-/api GET), or null to serve the API only. */
  webDistDir: string | null;
  /** Session lifetime, in milliseconds (30 days by default). */
  sessionTtlMs: number;
  /**
   * How long a rate-limit refusal (429) waits before it is sent, in milliseconds (1 s by default; plugins/error-handler.ts):
   * a client that keeps sending refused requests gets at most one answer per connection and second.
   */
  refusalDelayMs: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /**
   * The OpenAI-compatible service of the optional AI cleanup pass, or null when neither OPENAI_API_KEY nor
   * OPENAI_BASE_URL is set: then the pass is unavailable and no text is ever sent anywhere.
   */
  ai: { apiKey: string | undefined; baseUrl: string | undefined; model: string } | null;
  /**
   * The OpenAI-compatible image endpoint of the AI cover styles (`POST {baseUrl}/images/generations`), or null when
   * neither OPENAI_API_KEY nor OPENAI_BASE_URL is set: the styles' artwork is then drawn by Quire's own renderer.
   */
  images: { apiKey: string | undefined; baseUrl: string | undefined; model: string; requestTimeoutMs?: number } | null;
  /** Origin (and optional path) the site is reached at, without a trailing slash, e.g. `http://localhost:5000`. */
  publicUrl: string;
  /**
   * Outgoing mail: `smtpUrl` is the SMTP server's nodemailer URL, or null to write each mail as an `.eml` file
   * under `<dataDir>/outbox`; `from` is the sender (`Quire <no-reply@localhost>`).
   */
  mail: { smtpUrl: string | null; from: string };
  /** The team's address (SUPPORT_EMAIL): paid concierge projects are mailed there. */
  supportEmail: string;
  /** The admin analytics password (ADMIN_PASSWORD), or null when the admin area is disabled. */
  adminPassword: string | null;
  /**
   * Payments through Stripe, or null when STRIPE_SECRET_KEY is unset (then nothing is for sale and nothing is
   * limited). `apiUrl` is another API address than Stripe's (tests).
   */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | null } | null;
  /**
   * The S3 bucket files are kept in (services/storage.ts `createS3Storage`), or null when S3_BUCKET is unset: then
   * they are kept under `<dataDir>/files`. `endpoint` is an S3-compatible service's address (undefined: AWS S3).
   */
  s3: {
    endpoint: string | undefined;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
    prefix: string | undefined;
  } | null;
}

/** A configuration error: the message names the variable and what is wrong with it. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * The Stripe settings, or null without a secret key.
 * @throws ConfigError when the secret key is set without the publishable key or the webhook secret (payments would
 *   be taken but never confirmed, since only Stripe's signed webhooks mark them paid).
 */
function stripeConfig(e: z.infer<typeof EnvSchema>): Config['stripe'] {
  if (!e.STRIPE_SECRET_KEY) return null;
  const missing = [
    ...(e.STRIPE_PUBLISHABLE_KEY ? [] : ['STRIPE_PUBLISHABLE_KEY']),
    ...(e.STRIPE_WEBHOOK_SECRET ? [] : ['STRIPE_WEBHOOK_SECRET']),
  ];
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${missing.join(' and ')} must be set with STRIPE_SECRET_KEY (the payment pages need the publishable key; payments are confirmed only by Stripe's signed webhooks).`);
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    apiUrl: e.STRIPE_API_URL ?? null,
  };
}

/** Region the S3 client signs requests for when an S3-compatible service (S3_ENDPOINT) is given none. */
const DEFAULT_S3_REGION = 'us-east-1';

/**
 * The S3 settings, or null without a bucket (files are then kept on disk).
 * @throws ConfigError when another S3_* variable is set without S3_BUCKET (the files would silently stay on disk), or
 *   S3_BUCKET without the access key pair, or without S3_REGION for AWS S3 itself.
 */
function s3Config(e: z.infer<typeof EnvSchema>): Config['s3'] {
  if (!e.S3_BUCKET) {
    const given = (['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const).filter(
      (name) => e[name] !== undefined,
    );
    if (given.length === 0) return null;
    throw new ConfigError(`Invalid configuration:\n  S3_BUCKET must be set with ${given.join(', ')} (without a bucket, files are kept under QUIRE_DATA_DIR and the S3 settings are not used).`);
  }
  const missing = [
    ...(e.S3_REGION || e.S3_ENDPOINT ? [] : ['S3_REGION']),
    ...(e.S3_ACCESS_KEY_ID ? [] : ['S3_ACCESS_KEY_ID']),
    ...(e.S3_SECRET_ACCESS_KEY ? [] : ['S3_SECRET_ACCESS_KEY']),
  ];
  if (missing.length > 0) {
    const list = missing.length === 1 ? missing[0]! : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)!}`;
    throw new ConfigError(`Invalid configuration:\n  ${list} must be set with S3_BUCKET (S3_REGION may be left out only with S3_ENDPOINT).`);
  }
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? DEFAULT_S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    prefix: e.S3_PREFIX || undefined,
  };
}

/**
 * Reads the configuration from `env` (default `process.env`); relative paths resolve against `cwd`.
 * `overrides` replace single fields (tests).
 * @throws ConfigError naming each invalid variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
  cwd: string = process.cwd(),
): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start` means "no PostgreSQL").
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const webDistDir = e.QUIRE_WEB_DIST_DIR ? path.resolve(cwd, e.QUIRE_WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR;
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.QUIRE_DATA_DIR),
    dataDirLabel: e.QUIRE_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    inMemoryDatabase: false,
    allowPrivateUrls: e.QUIRE_ALLOW_PRIVATE_URLS,
    trustProxy: e.QUIRE_TRUST_PROXY,
    urlAllowCidrs: e.QUIRE_URL_ALLOW_CIDRS,
    fetchTimeoutMs: e.QUIRE_FETCH_TIMEOUT_MS,
    maxRedirects: 5,
    gutenbergOrigin: new URL(e.QUIRE_GUTENBERG_ORIGIN).origin,
    workerThreads: Math.max(1, e.QUIRE_WORKER_THREADS),
    pdfProcesses: Math.max(1, e.QUIRE_PDF_PROCESSES),
    jobConcurrency: e.QUIRE_JOB_CONCURRENCY,
    webDistDir: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : null,
    sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
    refusalDelayMs: 1000,
    logLevel: e.LOG_LEVEL,
    ai:
      e.OPENAI_API_KEY || e.OPENAI_BASE_URL
        ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.QUIRE_AI_MODEL }
        : null,
    images:
      e.OPENAI_API_KEY || e.OPENAI_BASE_URL
        ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.QUIRE_IMAGE_MODEL }
        : null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    supportEmail: e.SUPPORT_EMAIL,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    stripe: stripeConfig(e),
    s3: s3Config(e),
    ...overrides,
  };
  if (config.jobConcurrency === 0 && !config.databaseUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  QUIRE_JOB_CONCURRENCY: 0 needs DATABASE_URL (on the embedded database only this process can run the exports, so it must take jobs).',
    );
  }
  return config;
}
