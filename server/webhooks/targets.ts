/**
 * Which addresses a webhook may be sent to: never an internal one (loopback, private, link-local,
 * CGNAT, unique-local, multicast, …) unless the operator allows it. The host name is resolved and
 * every address it resolves to is checked, so a public name pointing inside is refused too.
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';

const DENIED_V4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const DENIED_V6: [string, number][] = [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
];

const denied = new net.BlockList();
for (const [a, p] of DENIED_V4) denied.addSubnet(a, p, 'ipv4');
for (const [a, p] of DENIED_V6) denied.addSubnet(a, p, 'ipv6');

/** An IPv4 address written inside IPv6 (`::ffff:127.0.0.1`, `::127.0.0.1`) is checked as IPv4. */
function embeddedV4(address: string): string | null {
  const m = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

const LOOKUP_TIMEOUT_MS = 5000;

export type AllowPrivate = true | readonly string[];

function allowedList(allow: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const range of allow) {
    const [addr, bits] = range.split('/');
    list.addSubnet(addr!, Number(bits), net.isIP(addr!) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** Whether one resolved address may be sent to. */
export function addressAllowed(address: string, allow: AllowPrivate): boolean {
  if (allow === true) return true;
  const family = net.isIP(address);
  if (!family) return false;
  const v4 = family === 6 ? embeddedV4(address) : address;
  const [addr, type] = v4 ? [v4, 'ipv4' as const] : [address, 'ipv6' as const];
  if (!denied.check(addr, type)) return true;
  return allow.length > 0 && allowedList(allow).check(addr, type);
}

export class TargetRefused extends Error {
  constructor(readonly reason: 'scheme' | 'unresolved' | 'internal', detail: string) {
    super(`target refused (${reason}): ${detail}`);
  }
}

/** Resolves the URL's host and checks every address; throws TargetRefused when one is internal. */
export async function checkTarget(url: string, allow: AllowPrivate): Promise<void> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new TargetRefused('scheme', 'not a URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new TargetRefused('scheme', u.protocol);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      // getaddrinfo cannot be cancelled: a name that does not resolve in time counts as unresolved.
      const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), LOOKUP_TIMEOUT_MS); });
      addresses = (await Promise.race([lookup(host, { all: true, verbatim: true }), late])).map((a) => a.address);
    } catch {
      throw new TargetRefused('unresolved', host);
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new TargetRefused('unresolved', host);
  const inside = addresses.find((a) => !addressAllowed(a, allow));
  if (inside) throw new TargetRefused('internal', `${host} → ${inside}`);
}
