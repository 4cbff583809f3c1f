import path from 'node:path';
import { webhookConfig, type WebhookConfig } from './webhooks/config';

/** The demo administrator password used when ADMIN_PASSWORD is not set. */
export const DEFAULT_ADMIN_PASSWORD = 'Admin@2026';

export interface Config {
  port: number;
  host: string;
  subappPortBase: number;
  dataDir: string;
  /** Where document files are stored (FILES_DIR; default `<DATA_DIR>/files`). */
  filesDir: string;
  /** Key of documents stored encrypted (FILE_ENCRYPTION_KEY, 32 bytes base64); null: one generated under DATA_DIR. */
  fileEncryptionKey: string | null;
  databaseUrl: string | null;
  adminPassword: string;
  /** True when ADMIN_PASSWORD was not set and the demo password is in use. */
  adminPasswordIsDefault: boolean;
  /** DEMO_SECOND_TENANT=on: a second demo tenant beside the demo company, for trying the tenant walls by hand. */
  demoSecondTenant: boolean;
  loginCaptcha: boolean;
  webClientId: string;
  webClientSecret: string;
  tokenTtlHours: number;
  distDir: string;
  /** Explicit shell origin(s); empty means derive from the request host and PORT. */
  shellOrigins: string[];
  logLevel: string;
  /**
   * Behind a reverse proxy that terminates TLS: take the client address and protocol from
   * X-Forwarded-For/-Proto (so HSTS is sent and login limits count real clients). Off by default:
   * a client could otherwise claim any address.
   */
  trustProxy: boolean;
  /** Where SMS codes are POSTed; null sends them to the server log (development). */
  smsWebhookUrl: string | null;
  /** Where the mobile app is downloaded from (the public download page links to it); null when not offered. */
  appDownloadUrl: string | null;
  appVersion: string | null;
  /** OpenID Connect single sign-on; null when OIDC_ISSUER is not set. */
  oidc: OidcConfig | null;
  /** Outbound webhooks: the dispatcher's pace, retries and the internal targets allowed. */
  webhooks: WebhookConfig;
  /**
   * How often the server makes the audit trail's partitions ahead and removes entries past each
   * tenant's retention (AUDIT_MAINTENANCE_INTERVAL_MS; default a day, the first run a minute after
   * start); 0: this process leaves it to `npm run audit:maintain` and the other processes.
   */
  auditMaintenanceMs: number;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claim matched against a portal account: `preferred_username` (→ account), `email` or `phone_number`. */
  claim: string;
  scope: string;
  /** Absolute callback URL; default: the request's origin + /api/auth/sso/callback. */
  redirectUri: string | null;
  /** Allow an http issuer (loopback test providers only). */
  allowHttp: boolean;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0, max = 65535): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`Invalid ${name}=${raw}: expected an integer from ${min} to ${max}`);
  }
  return n;
}

function str(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? fallback : raw.trim();
}

/** Reads the configuration from environment variables (SPEC/DESIGN §8), with defaults. */
export function loadConfig(env: Env = process.env): Config {
  const captcha = str(env, 'LOGIN_CAPTCHA', 'on').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(captcha)) {
    throw new Error(`Invalid LOGIN_CAPTCHA=${captcha}: expected on or off`);
  }
  const adminPassword =
    env.ADMIN_PASSWORD && env.ADMIN_PASSWORD.length > 0 ? env.ADMIN_PASSWORD : DEFAULT_ADMIN_PASSWORD;
  return {
    port: int(env, 'PORT', 8080),
    host: str(env, 'HOST', '0.0.0.0'),
    subappPortBase: int(env, 'SUBAPP_PORT_BASE', 4000),
    dataDir: path.resolve(str(env, 'DATA_DIR', './data')),
    filesDir: path.resolve(str(env, 'FILES_DIR', path.join(str(env, 'DATA_DIR', './data'), 'files'))),
    fileEncryptionKey: env.FILE_ENCRYPTION_KEY?.trim() || null,
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.trim() !== '' ? env.DATABASE_URL.trim() : null,
    adminPassword,
    adminPasswordIsDefault: !(env.ADMIN_PASSWORD && env.ADMIN_PASSWORD.length > 0),
    demoSecondTenant: ['on', 'true', '1'].includes(str(env, 'DEMO_SECOND_TENANT', 'off').toLowerCase()),
    loginCaptcha: ['on', 'true', '1'].includes(captcha),
    webClientId: str(env, 'WEB_CLIENT_ID', 'portal-web'),
    webClientSecret: str(env, 'WEB_CLIENT_SECRET', 'portal-web-secret'),
    tokenTtlHours: int(env, 'TOKEN_TTL_HOURS', 12, 1, 24 * 365),
    distDir: path.resolve(str(env, 'DIST_DIR', './dist')),
    shellOrigins: (env.SHELL_ORIGIN ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter((s) => s.length > 0),
    logLevel: str(env, 'LOG_LEVEL', 'info'),
    trustProxy: ['on', 'true', '1'].includes(str(env, 'TRUST_PROXY', 'off').toLowerCase()),
    smsWebhookUrl: env.SMS_WEBHOOK_URL && env.SMS_WEBHOOK_URL.trim() !== '' ? env.SMS_WEBHOOK_URL.trim() : null,
    appDownloadUrl: env.APP_DOWNLOAD_URL?.trim() || null,
    appVersion: env.APP_VERSION?.trim() || null,
    oidc:
      env.OIDC_ISSUER && env.OIDC_ISSUER.trim() !== ''
        ? {
            issuer: env.OIDC_ISSUER.trim(),
            clientId: str(env, 'OIDC_CLIENT_ID', 'mes-portal'),
            clientSecret: str(env, 'OIDC_CLIENT_SECRET', ''),
            claim: str(env, 'OIDC_CLAIM', 'preferred_username'),
            scope: str(env, 'OIDC_SCOPE', 'openid profile email'),
            redirectUri: env.OIDC_REDIRECT_URI?.trim() || null,
            allowHttp: /^http:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/.test(env.OIDC_ISSUER.trim()),
          }
        : null,
    webhooks: webhookConfig(env),
    auditMaintenanceMs: int(env, 'AUDIT_MAINTENANCE_INTERVAL_MS', 24 * 3600 * 1000, 0, 7 * 24 * 3600 * 1000),
  };
}
