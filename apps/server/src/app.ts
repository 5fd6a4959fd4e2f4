import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/types.js';
import { type Clock, systemClock } from './lib/clock.js';
import { DeviceCookies } from './lib/device-cookie.js';
import { installErrorHandling } from './lib/error-handler.js';
import { eventsRoutes, HEARTBEAT_MS } from './lib/events/events.routes.js';
import type { LiveEventHub } from './lib/events/live-event-hub.js';
import { startLiveEvents } from './lib/events/live-events.js';
import { closeIdleConnections } from './lib/idle-connections.js';
import {
  type ArchiveQueue,
  DEFAULT_QUEUE_SCHEMA,
  type MessageNoticeQueue,
  type PlatformQueue,
} from './lib/jobs.js';
import { LoginThrottle } from './lib/login-throttle.js';
import type { MailQueue } from './lib/mail/mail-queue.js';
import { installOpenApi } from './lib/openapi.js';
import { RateLimiter } from './lib/rate-limit.js';
import { DebugRequestLog } from './lib/request-log.js';
import { installSecurityHeaders } from './lib/security-headers.js';
import { SessionTokens } from './lib/session-token.js';
import { ThrottledWarning } from './lib/throttled-warning.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { archivesRoutes } from './modules/archives/archives.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { booksRoutes } from './modules/books/books.routes.js';
import { clientsRoutes } from './modules/clients/clients.routes.js';
import { companySearchRoutes } from './modules/company-search/company-search.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { einvoicingRoutes } from './modules/einvoicing/einvoicing.routes.js';
import { platformSendingRoutes } from './modules/einvoicing/seller/platform-sending.routes.js';
import { testPlatformRoutes } from './modules/einvoicing/test-platform/test-platform.routes.js';
import { ereportingRoutes } from './modules/ereporting/ereporting.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { invoiceLinkRoutes } from './modules/invoice-link/invoice-link.routes.js';
import { InvoiceLinks } from './modules/invoice-link/invoice-link-token.js';
import { invoiceListRoutes } from './modules/invoices/invoice-list.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { journalRoutes } from './modules/journal/journal.routes.js';
import { legalMentionsRoutes } from './modules/legal-mentions/legal-mentions.routes.js';
import { messagingRoutes } from './modules/messaging/messaging.routes.js';
import { installRequestMetrics, metricsRoutes } from './modules/metrics/metrics.routes.js';
import { ReplicaMetrics } from './modules/metrics/replica-metrics.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { numbersRegisterRoutes } from './modules/numbers-register/numbers-register.routes.js';
import { publicFormsRoutes } from './modules/public-forms/public-forms.routes.js';
import { purchasesRoutes } from './modules/purchases/purchases.routes.js';
import { quoteLinkRoutes } from './modules/quote-link/quote-link.routes.js';
import { QuoteLinks } from './modules/quote-link/quote-link-token.js';
import { quotesRoutes } from './modules/quotes/quotes.routes.js';
import { remindersRoutes } from './modules/reminders/reminders.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import type { PaymentProvider } from './modules/subscription/payment-provider.js';
import { testModeProvider } from './modules/subscription/payment-provider.js';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.js';
import { supplierInvoicesRoutes } from './modules/supplier-invoices/supplier-invoices.routes.js';
import { logoRoutes } from './modules/users/logo/logo.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { serveWebApp } from './web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This replica's event streams (tests count them). */
    liveEvents: LiveEventHub;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  mail: MailQueue;
  /** Issue 14: the unread-message e-mail's delayed jobs (Jobs in production and tests). */
  messageNotices: MessageNoticeQueue;
  /** Issue 18: the yearly archives' build jobs (Jobs in production and tests); without it, none is built. */
  archives?: ArchiveQueue;
  /** Issue 19: the e-invoicing platform's jobs (Jobs in production and tests); without it, none is submitted. */
  platformJobs?: PlatformQueue;
  clock?: Clock;
  /** Defaults to the local test mode (DESIGN §1). */
  paymentProvider?: PaymentProvider;
  logger?: FastifyBaseLogger | boolean;
  /** Sees every route as it is declared, with its schemas: the hostile-input test walks them all. */
  onRoute?: (route: RouteOptions) => void;
  /** pg-boss's schema (the admin's mail queue figures); defaults to the production one. */
  queueSchema?: string;
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Fastify types these factories after Ajv's; it only calls what they return with each route's schema part. */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** An application built without the archive queue (a test of something else) refuses to queue one. */
const noPlatformQueue: PlatformQueue = {
  async schedulePlatformSubmit() {
    throw new Error('Aucune file de tâches pour la plateforme de facturation électronique');
  },
  async schedulePlatformSync() {
    throw new Error('Aucune file de tâches pour la plateforme de facturation électronique');
  },
};

const noArchiveQueue: ArchiveQueue = {
  scheduleArchive: async () => {
    throw new Error('Aucune file de tâches pour les archives annuelles');
  },
};

/** Builds the HTTP application; main.ts listens on it, tests call it through app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: typeof deps.logger === 'object' ? deps.logger : undefined,
    logger: typeof deps.logger === 'boolean' ? deps.logger : undefined,
    // On a terminal requests are logged at debug (lib/request-log.ts), out of the way of the « ✉ » lines.
    logController: deps.config.requestLogLevel === 'debug' ? new DebugRequestLog() : undefined,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    // An invoice's signed link carries its token in the path (/facture-en-ligne/{token}): a signed token
    // naming an invoice and an address is longer than the router's default of 100 characters.
    routerOptions: { maxParamLength: 600 },
    // Stalled or trickling requests (see config.ts): the whole request, headers included, within
    // requestTimeout, and Node checks for late ones often enough to close them within 60 s.
    requestTimeout: deps.config.requestTimeoutMs,
    connectionTimeout: deps.config.connectionTimeoutMs,
    http: {
      headersTimeout: deps.config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(
        5_000,
        Math.max(50, Math.floor(deps.config.requestTimeoutMs / 4)),
      ),
    },
    // Every schema is a zod one, validated and serialised by fastify-type-provider-zod's compilers
    // (also set below): given as the factories, Fastify never builds (nor loads, issue 16: ~600 KB of
    // code at every start) its default Ajv and fast-json-stringify compilers, which nothing used.
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  // The idle timer above resets, rather than closes, a socket whose answer waits unread.
  const unreadClosed = new ThrottledWarning(app.log, 'Connexions fermées : réponses non lues par le client');
  closeIdleConnections(app.server, () => unreadClosed.record());
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('currentUser', null);
  // This instance's own figures (/metrics, and the heartbeat that main.ts starts with them).
  const metrics = new ReplicaMetrics(() => deps.database.poolStats());
  app.decorate('replicaMetrics', metrics);
  installRequestMetrics(app, metrics);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await installSecurityHeaders(app, deps.config.appUrl);
  installErrorHandling(app);
  // Pages and API answers compressed on the fly, at a level that costs little CPU; the web build's
  // assets come already compressed (see web-app.ts).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  // This replica hears every committed event (LISTEN/NOTIFY) and passes it to its own streams.
  const liveEvents = await startLiveEvents(deps.database, app.log);
  app.decorate('liveEvents', liveEvents.hub);
  app.addHook('onClose', () => liveEvents.stop());

  const clock = deps.clock ?? systemClock;
  const ctx: AppContext = {
    config: deps.config,
    db: deps.database.db,
    clock,
    log: app.log,
    rateLimiter: new RateLimiter(deps.database.db, clock, deps.config.rateLimitScale),
    loginThrottle: new LoginThrottle(deps.database.db, clock, deps.config.rateLimitScale),
    sessions: new SessionTokens(deps.config.jwtSecret),
    deviceCookies: new DeviceCookies(deps.config.jwtSecret, deps.config.appUrl.startsWith('https:')),
    mail: deps.mail,
    messageNotices: deps.messageNotices,
    archives: deps.archives ?? noArchiveQueue,
    platformJobs: deps.platformJobs ?? noPlatformQueue,
    queueSchema: deps.queueSchema ?? DEFAULT_QUEUE_SCHEMA,
    invoiceLinks: new InvoiceLinks(deps.config.jwtSecret),
    quoteLinks: new QuoteLinks(deps.config.jwtSecret),
  };

  await app.register(
    async (api) => {
      await installOpenApi(api);
      await api.register(healthRoutes(deps.database));
      await api.register(authRoutes(ctx));
      await api.register(publicFormsRoutes(ctx));
      await api.register(invitationsRoutes(ctx));
      await api.register(invoiceLinkRoutes(ctx));
      await api.register(quoteLinkRoutes(ctx));
      const paymentProvider = deps.paymentProvider ?? testModeProvider();
      await api.register(usersRoutes(ctx, paymentProvider));
      await api.register(logoRoutes(ctx));
      await api.register(clientsRoutes(ctx));
      await api.register(legalMentionsRoutes(ctx));
      await api.register(invoiceListRoutes(ctx));
      await api.register(invoicesRoutes(ctx));
      await api.register(quotesRoutes(ctx));
      await api.register(subscriptionRoutes(ctx, paymentProvider));
      await api.register(adminRoutes(ctx, paymentProvider), { prefix: '/admin' });
      await api.register(exportsRoutes(ctx));
      await api.register(messagingRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(notificationsRoutes(ctx));
      await api.register(remindersRoutes(ctx));
      // Issue 18: books and proof.
      await api.register(journalRoutes(ctx));
      await api.register(booksRoutes(ctx));
      await api.register(purchasesRoutes(ctx));
      await api.register(archivesRoutes(ctx));
      await api.register(numbersRegisterRoutes(ctx));
      // Issue 19: the e-invoicing reform.
      await api.register(einvoicingRoutes(ctx));
      await api.register(platformSendingRoutes(ctx));
      await api.register(supplierInvoicesRoutes(ctx));
      await api.register(companySearchRoutes(ctx));
      await api.register(ereportingRoutes(ctx));
      // The built-in test platform (an approved platform's API, on this server), unless turned off.
      if (deps.config.einvoicing.testPlatformUrl) {
        await api.register(testPlatformRoutes(ctx), { prefix: '/plateforme-test' });
      }
      // Under the server's idle timeout, whatever it is set to.
      const heartbeatMs = Math.min(HEARTBEAT_MS, Math.floor(deps.config.connectionTimeoutMs / 2));
      await api.register(eventsRoutes(ctx, liveEvents.hub, { heartbeatMs }));
    },
    { prefix: '/api' },
  );
  await app.register(metricsRoutes(metrics, deps.config.metricsToken));
  await app.register(siteRoutes(deps.config.appUrl));
  await serveWebApp(app, deps.config.webDistDir, deps.config.appUrl);
  return app;
}
