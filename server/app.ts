import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { HTTP_MESSAGES } from '@shared/http';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { AppContext, ResolveTxt } from './context';
import type { Db, PoolStats } from './db/client';
import { registerJobs } from './jobs/jobs';
import { createScheduler } from './jobs/scheduler';
import { createMailDispatcher } from './mail/dispatcher';
import { createMailTransport, type MailTransport } from './mail/transport';
import { registerModules } from './modules';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes';
import { recordKey } from './modules/audit/trail-receipt';
import { devMailRoutes } from './modules/notifications/dev-mail.routes';
import { systemResolveTxt } from './modules/sso/sso.domain-proof';
import { healthRoutes } from './ops/health';
import { registerMetrics } from './ops/metrics';
import { createPdfRenderer } from './pdf/pdf-workers';
import { registerErrorHandling } from './plugins/errors';
import { createLogger } from './plugins/log-redaction';
import { registerRateLimits } from './plugins/rate-limit';
import { registerRecentSignIn } from './plugins/recent-sign-in';
import { requestLoggers, writes } from './plugins/request-logger';
import { registerSecurity } from './plugins/security';
import { refusalBeforeBadInput, registerSession } from './plugins/session';
import { registerTextInputRules } from './plugins/text-input';
import { createStorage } from './storage/create-storage';
import { createWebhookDispatcher } from './webhooks/dispatcher';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
/** dist/web: from the sources (server/app.ts) under ../dist; from the build (dist/server/main.js) beside it. */
export const defaultWebDistDir = path.resolve(
  serverDir,
  import.meta.url.endsWith('.ts') ? '../dist/web' : '../web',
);

/** TRUST_PROXY=N: the N hops nearest to this server are proxies we run (proxy-addr's hop count). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  /** Tests pass their own transport (a recorder, or one that fails). */
  mailTransport?: MailTransport;
  logger?: boolean;
  /** Where the log goes (tests capture it); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Called for every route as it is added: the authorization matrix reads the route table this way. */
  onRoute?: (route: RouteOptions) => void;
  /** node-postgres' pool counts, reported by /metrics. */
  poolStats?: () => PoolStats;
  /** DNS TXT look-ups for the SSO domain proof (tests pass a fake: no DNS there). */
  resolveTxt?: ResolveTxt;
};

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance & { ctx: AppContext }> {
  const { config, db } = opts;
  // PRODUCT.md §11: the key that signs trail receipts, read or made on the first start (a bad one stops it).
  recordKey(config);
  const log = createLogger(config.logLevel, opts.logStream, opts.logger !== false);
  // Fastify gets no logger of its own, only request loggers of the app's (request.log, reply.log): every line
  // it writes about a request still goes to the app's log, and it does not time a request for a line the log
  // would drop (below).
  const app = Fastify({
    logger: false,
    childLoggerFactory: requestLoggers(log),
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailTransport =
    opts.mailTransport ?? createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  const mailDispatcher = createMailDispatcher({
    db,
    transport: mailTransport,
    log,
    pollMs: config.mailPollMs,
  });
  // PRODUCT.md §14: the webhooks' outbox, polled beside the mail's.
  const webhookDispatcher = createWebhookDispatcher({
    db,
    log,
    storageSecret: config.storageSecret,
    production: config.env === 'production',
    pollMs: config.mailPollMs,
  });
  const ctx: AppContext = {
    config,
    db,
    log,
    mailTransport,
    mailDispatcher,
    webhookDispatcher,
    onMailQueued: () => {
      mailDispatcher.kick();
      webhookDispatcher.kick();
    },
    publicUrl: config.publicUrl,
    storage: createStorage(config),
    scheduler: createScheduler({ db, log, pollMs: config.jobPollMs }),
    pdf: createPdfRenderer(),
    resolveTxt: opts.resolveTxt ?? systemResolveTxt(),
  };
  app.decorate('ctx', ctx);

  // Fastify writes its 'request completed' line (at info) from the end of a response that it follows, and
  // without a logger of its own it follows one only for an onResponse hook: at info and below this hook asks
  // for it. Above info no request is followed for a line nobody reads (bench/load.ts runs at warn).
  if (writes(log, 'info'))
    app.addHook('onResponse', (_request, _reply, done) => {
      done();
    });
  registerErrorHandling(app, { refusalBeforeBadInput: refusalBeforeBadInput(config, db) });
  // First, so that its timing hook sees every route registered after it.
  if (config.metrics.enabled)
    await registerMetrics(app, { db, token: config.metrics.token, poolStats: opts.poolStats });
  registerTextInputRules(app);
  await registerSecurity(app, config);
  // Cookies are read when asked for (cookieOf in plugins/session.ts), not parsed on every request.
  await app.register(cookie, { hook: false });
  registerRateLimits(app, db);
  registerSession(app, config, db);
  registerRecentSignIn(app, db);

  // Every route in one scope: each scope is a request and a reply class of its own (modules/index.ts).
  await app.register(async (routes) => {
    await healthRoutes(routes, { db });
    await registerModules(routes, ctx);
    await apiDocsRoutes(routes);
    if (config.env !== 'production' && mailTransport.kind === 'local') await devMailRoutes(routes, { ctx });
  });
  registerJobs(ctx);

  const webDistDir = config.webDistDir ? path.resolve(config.webDistDir) : defaultWebDistDir;
  const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = ['/api/', '/objects/', '/dev/', '/metrics'].some((p) => request.url.startsWith(p));
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
  });

  // Once close() begins, answers end their keep-alive connection: otherwise close() would wait for each
  // client's idle connection (Fastify keeps one 72 s) and a graceful stop would run into its timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });

  app.addHook('onReady', async () => {
    mailDispatcher.start();
    webhookDispatcher.start();
    ctx.scheduler.start();
  });
  app.addHook('onClose', async () => {
    await ctx.scheduler.stop();
    await mailDispatcher.stop();
    await webhookDispatcher.stop();
    mailTransport.close();
    // Requests in flight have finished by now (Fastify closes the server first): nothing waits on a PDF.
    await ctx.pdf.close();
  });
  return app as FastifyInstance & { ctx: AppContext };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
