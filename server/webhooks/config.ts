/** Configuration of outbound webhooks, from the environment (README: Webhooks). */
import net from 'node:net';

export interface WebhookConfig {
  /** How often each server process looks for due deliveries (WEBHOOK_INTERVAL_MS); 0: this process sends none. */
  intervalMs: number;
  /** The wait after the first failed attempt, doubling with each further one (WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** The longest wait between attempts (WEBHOOK_RETRY_MAX_MS). */
  retryMaxMs: number;
  /** How long a receiver has to answer (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Deliveries taken per look. */
  batch: number;
  /**
   * Internal targets the operator allows (WEBHOOK_ALLOW_PRIVATE): `true` allows every address,
   * a comma-separated list of CIDR ranges allows those; empty: none.
   */
  allowPrivate: true | readonly string[];
}

type Env = Record<string, string | undefined>;

function num(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`Invalid ${name}=${raw}: expected an integer from ${min} to ${max}`);
  return n;
}

function allowList(raw: string | undefined): true | string[] {
  const v = raw?.trim() ?? '';
  if (['true', 'on', '1', 'all'].includes(v.toLowerCase())) return true;
  if (v === '' || ['false', 'off', '0'].includes(v.toLowerCase())) return [];
  const ranges = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const r of ranges) {
    const [addr, bits] = r.split('/');
    const family = net.isIP(addr ?? '');
    const prefix = Number(bits);
    if (
      !family ||
      bits === undefined ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > (family === 4 ? 32 : 128)
    ) {
      throw new Error(
        `Invalid WEBHOOK_ALLOW_PRIVATE range "${r}": expected true or CIDR ranges such as 127.0.0.0/8,::1/128`,
      );
    }
  }
  return ranges;
}

export function webhookConfig(env: Env): WebhookConfig {
  const DAY = 24 * 3600 * 1000;
  return {
    intervalMs: num(env, 'WEBHOOK_INTERVAL_MS', 5000, 0, 3600 * 1000),
    retryBaseMs: num(env, 'WEBHOOK_RETRY_BASE_MS', 30_000, 1, DAY),
    retryMaxMs: num(env, 'WEBHOOK_RETRY_MAX_MS', 3600 * 1000, 1, DAY),
    timeoutMs: num(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    batch: num(env, 'WEBHOOK_BATCH', 20, 1, 500),
    allowPrivate: allowList(env.WEBHOOK_ALLOW_PRIVATE),
  };
}
