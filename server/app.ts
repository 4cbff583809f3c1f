/** The API: a Fastify instance with every /api route (testable with `app.inject`). */
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from './db/types';
import type { Config } from './config';
import { errorHandler, sendError } from './http';
import { serve } from './serve';
import { system } from '../model/contract/system';
import type { ResourceDef } from '../model/engine';
import { installAuth } from './auth/context';
import { authRoutes } from './auth/routes';
import { platformRoutes } from './platform/routes';
import { accessRoutes } from './access/routes';
import { dictRoutes } from './dict/routes';
import { accountRoutes } from './auth/account-routes';
import { ssoRoutes } from './auth/sso-routes';
import { appDownloadRoutes } from './system/app-download';
import { noticeRoutes } from './notice/routes';
import { noticeAdminRoutes } from './notice/admin-routes';
import { helpRoutes } from './help/routes';
import { helpDocAdminRoutes } from './help/admin-routes';
import { courseRoutes } from './course/routes';
import { alarmRoutes } from './alarm/routes';
import { alarmAdminRoutes } from './alarm/admin-routes';
import { statisticsRoutes } from './statistics/routes';
import { searchRoutes } from './search/routes';
import { workbenchRoutes } from './workbench/routes';
import { organizationRoutes } from './org/organization-routes';
import { staffRoutes } from './org/staff-routes';
import { feedbackReadRoutes, feedbackRoutes } from './feedback/routes';
import { feedbackAdminRoutes } from './feedback/admin-routes';
import type { SmsSender } from './auth/sms';
import { apiDocs } from './openapi/routes';
import { registerResources } from './engine';
import { systemRoutes } from './system/routes';
import { sessionRoutes } from './auth/session-routes';
import { securityPolicyRoutes } from './auth/security-policy-routes';
import { twoFactorRoutes } from './auth/two-factor-routes';
import { apiKeyRoutes } from './auth/api-key-routes';
import { rejectNul } from './input-guard';
import { redactTicket } from './documents/ticket';
import { ruleRoutes } from './rules';
import { flowRoutes } from './workflow/routes';
import { helperLanguageRoutes } from './helper/language-routes';
import { helperServicesRoutes } from './helper/services-routes';
import { helperApplyMenuRoutes } from './helper/apply-menu-routes';
import { documentRoutes } from './documents/routes';
import { bomRoutes } from './bom/routes';
import { webhookRoutes } from './webhooks/routes';
import { auditRoutes } from './audit/routes';
import { WebhookDispatcher } from './webhooks/dispatcher';
import { AuditMaintenanceSchedule } from './audit/schedule';

export interface BuildApiOptions {
  db: Kysely<DB>;
  config: Config;
  /** Pino logger options, or false (tests). Default: level from config, with redaction. */
  logger?: FastifyServerOptions['logger'];
  /** Captcha text generator (tests). */
  captchaText?: () => string;
  /** SMS driver replacing the configured one (tests). */
  smsSender?: SmsSender;
  /** Registers extra routes on the root instance before it is ready (e.g. the shell's static files). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** The definitions the engine serves (default: model/resources' RESOURCES). */
  resources?: readonly ResourceDef[];
}

/** Pino options with secrets redacted. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    // UTC, readable: log entries are evidence (SECURITY-TESTS T2.8).
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'body.password',
        'password',
        '*.password',
        '*.adminPassword',
        'config.adminPassword',
        'config.webClientSecret',
      ],
      censor: '[redacted]',
    },
    // A preview ticket is a token in a URL: logged request URLs never carry it (T2.11).
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactTicket(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/** A response that sets no policy of its own (API answers, files, errors) may load nothing and be framed by nobody. */
const DEFAULT_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'none'";
const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers on every answer of a server, errors included (SECURITY-TESTS T2.1). */
export function securityHeaders(app: FastifyInstance): void {
  // Hooks of every request take `done` rather than return a promise: one promise less per hook and call.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', DEFAULT_CSP);
    // Only over TLS (directly, or behind a trusted proxy that says so): HSTS over plain HTTP is ignored at best.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
}

export async function buildApi(options: BuildApiOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger === undefined ? loggerOptions(config.logLevel) : options.logger,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Malformed or over-long path segments are refused by the router itself: answer them in the envelope too.
    frameworkErrors: (error, request, reply) =>
      sendError(
        request,
        reply,
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400,
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'error.uriTooLong' : 'error.badRequest',
      ),
  });
  securityHeaders(app);
  app.setErrorHandler(errorHandler);
  await apiDocs(app, config);

  await app.register(
    async (api) => {
      installAuth(api, db, config);
      api.addHook('preValidation', rejectNul);
      api.setErrorHandler(errorHandler);
      api.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'error.notFound'));
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });

      serve(api, system.health, async () => {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const };
      });

      authRoutes(api, { db, config, captchaText: options.captchaText });
      platformRoutes(api, { db, config });
      accessRoutes(api, { db });
      dictRoutes(api, { db });
      accountRoutes(api, { db, config, smsSender: options.smsSender });
      sessionRoutes(api, { db });
      securityPolicyRoutes(api, { db });
      twoFactorRoutes(api, { db, config });
      apiKeyRoutes(api, { db });
      ssoRoutes(api, { db, config });
      appDownloadRoutes(api, { config });
      noticeRoutes(api, { db });
      noticeAdminRoutes(api, { db });
      helpRoutes(api, { db });
      helpDocAdminRoutes(api, { db });
      courseRoutes(api, { db });
      statisticsRoutes(api, { db });
      searchRoutes(api, { db });
      workbenchRoutes(api, { db });
      alarmRoutes(api, { db });
      alarmAdminRoutes(api, { db });
      organizationRoutes(api, { db });
      staffRoutes(api, { db });
      feedbackReadRoutes(api, { db });
      await feedbackRoutes(api, { db });
      feedbackAdminRoutes(api, { db });
      await ruleRoutes(api, { db });
      flowRoutes(api, { db });
      await helperLanguageRoutes(api, { db });
      helperServicesRoutes(api, { db, config });
      helperApplyMenuRoutes(api, { db });
      await documentRoutes(api, { db, config });
      await bomRoutes(api, { db });
      webhookRoutes(api, { db, config: config.webhooks });
      auditRoutes(api, { db });
      await systemRoutes(api, { db });
      await registerResources(api, { db, resources: options.resources });
    },
    { prefix: '/api' },
  );

  // Each server process sends due webhook deliveries; closing the server stops it (no timer left).
  const dispatcher = new WebhookDispatcher(db, config.webhooks, app.log);
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('onClose', async () => dispatcher.stop());
  // And keeps the audit trail's partitions ahead and its retention applied (off with AUDIT_MAINTENANCE_INTERVAL_MS=0).
  const auditMaintenance = new AuditMaintenanceSchedule(db, config.auditMaintenanceMs, app.log);
  app.addHook('onReady', async () => auditMaintenance.start());
  app.addHook('onClose', async () => auditMaintenance.stop());

  if (options.extend) await options.extend(app);
  else app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'error.notFound'));
  return app;
}
