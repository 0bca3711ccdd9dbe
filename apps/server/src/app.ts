/**
 * `buildApp(config)`: the whole Quire server as a Fastify instance, never listening (tests use `inject`,
 * server.ts listens). Plugins load in a fixed order: error handler, infrastructure (db, storage, jobs, auth),
 * then one encapsulated plugin per API area, then the web app (STYLE.md rules 14 and 15).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '@quire/contracts';
import { layouts } from '@quire/engine';
import type { Config } from './config.ts';
import { createAddressPolicy, type AddressPolicy } from './net/address-policy.ts';
import { fetchUrl } from './net/fetch-url.ts';
import { loggerOptions, OneLineLogController, requestIdOf } from './logging.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { nulGuardPlugin } from './plugins/nul-guard.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { queuePlugin, type QueuePluginOptions } from './plugins/queue.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { storagePlugin } from './plugins/storage.ts';
import { adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { bookImageRoutes } from './routes/book-images.ts';
import { bookRoutes } from './routes/books.ts';
import { coverRoutes } from './routes/covers.ts';
import { eventRoutes } from './routes/events.ts';
import { exportRoutes } from './routes/exports.ts';
import { jobRoutes } from './routes/jobs.ts';
import { extractionRoutes } from './routes/extractions.ts';
import { importRoutes } from './routes/imports.ts';
import { createImportLimit } from './services/import-limit.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { supportRoutes } from './routes/support.ts';
import { createBackgroundTasks } from './services/background-tasks.ts';
import { createNewsletterService } from './services/newsletter/newsletter-service.ts';
import { createSupportService } from './services/support/support-service.ts';
import { planRoutes } from './routes/plans.ts';
import { aiCleanupRoutes } from './routes/ai-cleanup.ts';
import { styleGuideRoutes } from './routes/style-guides.ts';
import { templateRoutes } from './routes/templates.ts';
import { userRoutes } from './routes/user.ts';
import { sitemapRoutes } from './routes/sitemap.ts';
import { webAppPlugin } from './routes/web-app.ts';
import { healthRoutes } from './routes/health.ts';
import { loadProbeRoutes } from './routes/load-probe.ts';
import { batchRoutes } from './routes/batch.ts';
import { billingRoutes } from './routes/billing.ts';
import { blogRoutes } from './routes/blog.ts';
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts';
import { createAccountService } from './services/account-service.ts';
import { createBatchService } from './services/batch-service.ts';
import { createBlogService } from './services/blog/blog-service.ts';
import { createCheckoutService } from './services/billing/checkout-service.ts';
import { createEntitlementService } from './services/billing/entitlement-service.ts';
import { createStripeClient } from './services/billing/stripe-client.ts';
import { createWebhookService } from './services/billing/webhook-service.ts';
import { createAdminSessionService } from './services/admin/admin-session-service.ts';
import { createAnalyticsService } from './services/admin/analytics-service.ts';
import { createPageViewService } from './services/admin/page-view-service.ts';
import { createBookAssetService } from './services/book-asset-service.ts';
import { createBookLayoutService } from './services/book-layout-service.ts';
import { createBookService } from './services/book-service.ts';
import { openAiPainter } from './services/covers/artwork-model.ts';
import { createCoverService } from './services/covers/cover-service.ts';
import { createExportService } from './services/export-service.ts';
import { createExtractionService } from './services/extractions/extraction-service.ts';
import { createImportService } from './services/import-service.ts';
import { createCleanupService } from './services/cleanup-service.ts';
import { createLayoutMeasureService } from './services/layout-measure-service.ts';
import { PdfCache } from './services/pdf-cache.ts';
import { conciergeInquiryMail } from './services/mail/concierge-inquiry-mail.ts';
import { conciergeInquiries } from './db/schema/index.ts';
import { createMailer } from './services/mail/transport.ts';
import { createPasswordResetService } from './services/password-reset-service.ts';
import { createPreferencesService } from './services/preferences-service.ts';
import { createPreviewService } from './services/preview-service.ts';
import { createStyleGuideService } from './services/style-guide-service.ts';
import { createTemplateService } from './services/template-service.ts';
import { createTypesetJobService } from './services/typeset-job-service.ts';
import { createTypesetPdfStore } from './services/typeset-pdf-store.ts';
import { createTypesetService } from './services/typeset-service.ts';

/** Optional parts of the app that tests replace. */
export interface BuildAppOptions {
  /**
   * Which addresses URL import may connect to. Default: from the config (QUIRE_ALLOW_PRIVATE_URLS,
   * QUIRE_URL_ALLOW_CIDRS), i.e. only global unicast addresses.
   */
  addressPolicy?: AddressPolicy;
  /** Where the log lines go (tests read them); standard output when left out. */
  logStream?: NodeJS.WritableStream;
  /** The job queue's heartbeat, staleness, sweep and back-off periods (tests shorten them). */
  jobTiming?: QueuePluginOptions['timing'];
}

/**
 * When the web app's pages last changed, for the sitemap's `lastmod`: the build's index.html, or now when the server
 * serves no build (the API alone, in tests).
 */
function pagesModifiedAt(webDistDir: string | null): Date {
  const index = webDistDir ? path.join(webDistDir, 'index.html') : null;
  return index && existsSync(index) ? statSync(index).mtime : new Date();
}

/**
 * Builds the app for `config`: opens (and migrates) the database, starts the job runner lazily, registers
 * every route, and serves the built web app when `config.webDistDir` is set. `app.close()` releases all of it.
 * @throws DataDirLockedError when another process owns the PGlite data directory; ConfigError/InvalidCidrError
 *   for a bad allow-list.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const addressPolicy =
    options.addressPolicy ??
    createAddressPolicy({ allowAll: config.allowPrivateUrls, allowCidrs: config.urlAllowCidrs });

  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Every log line of a request carries its id: the client's sane X-Request-Id or a new UUID (logging.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    // One line per request, once it is answered (logging.ts `OneLineLogController`).
    logController: new OneLineLogController(),
    // Room for 5 MB of text in a JSON body of save-text is given by that route; the rest stay small.
    bodyLimit: 1024 * 1024,
    // Opening the embedded database runs initdb (WASM) the first time: seconds, more on a busy machine.
    pluginTimeout: 60_000,
    // Behind a reverse proxy the client's address is the proxy's unless Fastify reads X-Forwarded-For.
    trustProxy: proxyTrust(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  // The id goes back to the client, which can quote it to support.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Graceful shutdown (issue 14): once closing, a request still being answered ends its connection with the answer,
  // so that a kept-alive connection does not hold the process open until it is forced to exit.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.setSerializerCompiler(serializerCompiler);

  try {
    // Brotli or gzip for every answer worth it (JSON, HTML, text; over 1 KiB), before the static files' plugin so
    // that it sees their precompressed forms (@fastify/compress README). Request bodies are not inflated: no client
    // of ours compresses them, and the size limits are meant for the bytes received.
    await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
    await app.register(securityHeadersPlugin, { webDistDir: config.webDistDir, stripeApiUrl: config.stripe?.apiUrl ?? null });
    await app.register(errorHandlerPlugin, { refusalDelayMs: config.refusalDelayMs });
    await app.register(nulGuardPlugin);
    await app.register(openApiPlugin); // before the routes: it collects them as they are registered
    await app.register(dbPlugin, { config });
    await app.register(storagePlugin, { dataDir: config.dataDir, s3: config.s3 });
    await app.register(jobsPlugin, { threads: config.workerThreads, pdfProcesses: config.pdfProcesses });
    await app.register(queuePlugin, { databaseUrl: config.databaseUrl ?? null, concurrency: config.jobConcurrency, timing: options.jobTiming });
    await app.register(authPlugin, { sessionTtlMs: config.sessionTtlMs });
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }

  // Our own articles (content/blog) are upserted at each start; a broken file is logged, the site still starts.
  const blog = createBlogService({ db: app.db });
  await blog.loadContent().catch((err: unknown) => app.log.error({ err }, 'loading the blog articles failed'));
  const assets = createBookAssetService({ db: app.db, storage: app.storage });
  const templates = createTemplateService({ db: app.db });
  const styleGuides = createStyleGuideService({ db: app.db, storage: app.storage, jobs: app.jobs });
  // Typeset PDFs by what was typeset, in memory and in the shared storage: the format's layout report, the next PDF
  // export, the whole-book preview and a cover's page count of an unchanged book share one typesetting, on any machine.
  const typesetPdfs = createTypesetPdfStore({
    memory: new PdfCache(),
    storage: app.storage,
    onStoreError: (err, key) => app.log.warn({ err, key }, 'storing a typeset PDF failed; it stays in memory'),
  });
  const typeset = createTypesetService({ jobs: app.jobs, store: typesetPdfs });
  const bookLayouts = createBookLayoutService({
    typeset,
    store: typesetPdfs,
    assets,
    findUploadedGuide: (userId, id) => styleGuides.findLayout(userId, id),
    findCustomTemplate: (userId, id) => templates.findSettings(userId, id),
  });
  const entitlements = createEntitlementService({ db: app.db, enabled: config.stripe !== null });
  const books = createBookService({
    db: app.db,
    importsAsTrial: (userId) => entitlements.importsAsTrial(userId),
    requireFeature: (userId, feature) => entitlements.requireFeature(userId, feature),
    jobs: app.jobs,
    layoutExists: (id) => Object.hasOwn(layouts, id),
    assets,
    findCustomTemplate: (userId, id) => templates.findSettings(userId, id),
    hasUploadedGuide: async (userId, id) => (await styleGuides.findLayout(userId, id)) !== null,
    // Measured by a format job (services/layout-measure-service.ts), bound below.
    measureLayout: (book) => layoutMeasure.measure(book),
    onMeasureError: (err, bookId) => app.log.error({ err, bookId }, 'measuring the layout report failed'),
  });
  const layoutMeasure = createLayoutMeasureService({ books, layouts: bookLayouts, queue: app.queue });
  const cleanup = createCleanupService({ books, queue: app.queue });
  const typesetJobs = createTypesetJobService({ books, layouts: bookLayouts, store: typesetPdfs, queue: app.queue });
  const previews = createPreviewService({ books, layouts: bookLayouts, typesetJobs, jobs: app.jobs, assets });
  const preferences = createPreferencesService({ db: app.db });
  const imports = createImportService({
    books,
    queue: app.queue,
    storage: app.storage,
    jobs: app.jobs,
    preferences,
    gutenbergOrigin: config.gutenbergOrigin,
    fetchFile: (url) =>
      fetchUrl(url, {
        policy: addressPolicy,
        timeoutMs: config.fetchTimeoutMs,
        maxBytes: MAX_FILE_BYTES,
        maxRedirects: config.maxRedirects,
      }),
  });
  const covers = createCoverService({
    db: app.db,
    books,
    layouts: bookLayouts,
    typesetJobs,
    jobs: app.jobs,
    queue: app.queue,
    storage: app.storage,
    paint: config.images ? openAiPainter(config.images) : null,
    imageModel: config.images?.model ?? null,
    checkFeature: (userId, feature) => entitlements.requireFeature(userId, feature),
  });
  const exportService = createExportService({
    db: app.db,
    books,
    assets,
    jobs: app.jobs,
    queue: app.queue,
    layouts: bookLayouts,
    storage: app.storage,
    chosenCover: (bookId) => covers.chosenEbook(bookId),
    entitlements,
  });
  const extractions = createExtractionService({ db: app.db, books, assets, jobs: app.jobs, queue: app.queue });
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: path.join(config.dataDir, 'outbox'),
    // Without SMTP the log is how a local user finds the mail (and its reset link).
    // The file names the mail; the address stays out of the log (issue 32, point 7), its domain is enough to tell.
    onOutboxFile: (file, message) => app.log.info({ file, toDomain: emailDomain(message.to), subject: message.subject }, `mail written to ${file}`),
  });
  const passwordReset = createPasswordResetService({
    db: app.db,
    mailer,
    publicUrl: config.publicUrl,
    onBackgroundError: (err) => app.log.error({ err }, 'sending a password reset mail failed'),
  });
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
  const checkout = createCheckoutService({
    db: app.db,
    stripe,
    publishableKey: config.stripe?.publishableKey ?? null,
    books,
    entitlements,
    onProviderError: (err) => app.log.error({ err }, 'a Stripe request failed'),
  });
  const accounts = createAccountService({
    db: app.db,
    storage: app.storage,
    onFileError: (err, key) => app.log.warn({ err, key }, 'removing a file of a deleted account failed'),
    beforeDelete: (userId) => checkout.cancelSubscription(userId),
  });
  // Mails the public site's forms send after their answer (support messages, newsletter confirmations).
  const siteMail = createBackgroundTasks((err) => app.log.error({ err }, 'sending a mail of the public site failed'));
  const support = createSupportService({ db: app.db, mailer, supportEmail: config.supportEmail, background: siteMail });
  const newsletter = createNewsletterService({ db: app.db, mailer, publicUrl: config.publicUrl, background: siteMail });
  // Mails still being stored or sent finish before the database closes (preClose runs before every onClose).
  app.addHook('preClose', async () => {
    await Promise.all([passwordReset.drain(), siteMail.drain()]);
    mailer.close();
  });

  await app.register(authRoutes, { prefix: '/api/auth', passwordReset, accounts });
  await app.register(bookRoutes, { prefix: '/api/books', books, cleanup, previews });
  await app.register(bookImageRoutes, { prefix: '/api/books', books, assets });
  await app.register(exportRoutes, { prefix: '/api/books', exports: exportService });
  await app.register(jobRoutes, { prefix: '/api', exports: exportService });
  await app.register(coverRoutes, { prefix: '/api/books', covers });
  await app.register(extractionRoutes, { prefix: '/api/books', extractions });
  const importLimit = createImportLimit(app.db);
  await app.register(importRoutes, { prefix: '/api', imports, importLimit });
  await app.register(userRoutes, { prefix: '/api/user', preferences, accounts, entitlements, checkout });
  await app.register(billingRoutes, { prefix: '/api', checkout });
  await app.register(batchRoutes, {
    prefix: '/api',
    batch: createBatchService({ imports, exports: exportService, books, entitlements }),
    importLimit,
  });
  if (stripe && config.stripe) {
    const webhooks = createWebhookService({
      db: app.db,
      stripe,
      webhookSecret: config.stripe.webhookSecret,
      books,
      onConciergePaid: async (intent) => {
        // The stored inquiry, whole, marked paid; an intent without one (set up before inquiries were stored) is
        // mailed from its metadata.
        const [stored] = await app.db
          .update(conciergeInquiries)
          .set({ status: 'paid', paidAt: new Date() })
          .where(eq(conciergeInquiries.stripePaymentIntentId, intent.id))
          .returning({ inquiry: conciergeInquiries.inquiry });
        const inquiry: Record<string, string> = stored
          ? Object.fromEntries(Object.entries(stored.inquiry).filter((e): e is [string, string] => typeof e[1] === 'string'))
          : Object.fromEntries(Object.entries(intent.metadata ?? {}).filter(([, v]) => typeof v === 'string'));
        await mailer
          .send(conciergeInquiryMail({ to: config.supportEmail, inquiry, amountCents: intent.amount_received || intent.amount, paymentId: intent.id }))
          .catch((err: unknown) => app.log.error({ err, paymentIntent: intent.id }, 'mailing a paid concierge inquiry failed'));
      },
    });
    await app.register(stripeWebhookRoutes, { prefix: '/api/stripe', webhooks });
  }
  await app.register(templateRoutes, { prefix: '/api', templates });
  await app.register(planRoutes, { prefix: '/api' });
  await app.register(supportRoutes, { prefix: '/api', supportEmail: config.supportEmail, support });
  await app.register(newsletterRoutes, { prefix: '/api/newsletter', newsletter });
  await app.register(blogRoutes, { prefix: '/api', blog });
  await app.register(styleGuideRoutes, {
    prefix: '/api',
    styleGuides,
    requireFeature: (userId, feature) => entitlements.requireFeature(userId, feature),
  });
  await app.register(aiCleanupRoutes, { prefix: '/api', ai: config.ai, books });
  // Without ADMIN_PASSWORD the admin routes exist but answer 503, saying how to enable them.
  const admin = config.adminPassword
    ? {
        sessions: createAdminSessionService({ db: app.db, password: config.adminPassword }),
        analytics: createAnalyticsService({ db: app.db }),
      }
    : null;
  await app.register(adminRoutes, { prefix: '/api/admin', admin });
  await app.register(eventRoutes, { prefix: '/api/events', pageViews: createPageViewService({ db: app.db }) });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(loadProbeRoutes, { prefix: '/api' });

  // The web app's files and pages, robots.txt, and the 404 of every other path.
  await app.register(sitemapRoutes, { publicUrl: config.publicUrl, blog, pagesModifiedAt: pagesModifiedAt(config.webDistDir) });
  await app.register(webAppPlugin, { webDistDir: config.webDistDir, publicUrl: config.publicUrl });

  return app;
}

/**
 * Fastify's `trustProxy` for {@link Config.trustProxy}. A number of hops becomes proxy-addr's trust function
 * `(address, hop) => hop < hops`: hop 0 is the connection's own peer, so `1` believes the one proxy in front and takes
 * the last `X-Forwarded-For` entry, the address that proxy saw; whatever the client wrote before it is ignored.
 * (Fastify 5 reads a bare number as trusting nothing, and `true` would trust the whole chain a client forged.)
 */
export function proxyTrust(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The domain of an address or list of addresses (`example.com`), for a log line that must not hold the address. */
function emailDomain(to: unknown): string {
  const first = Array.isArray(to) ? to[0] : to;
  const address = typeof first === 'string' ? first : typeof first === 'object' && first !== null && 'address' in first ? String(first.address) : '';
  return address.includes('@') ? address.slice(address.lastIndexOf('@') + 1).replace(/>$/, '') : '';
}
