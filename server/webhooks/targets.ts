/**
 * Which addresses a webhook may be sent to: never an internal one (loopback, private, link-local,
 * CGNAT, unique-local, multicast, …) unless the operator allows it. The host name is resolved and
 * every address it resolves to is checked, so a public name pointing inside is refused too.
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { familyOf, plainAddress, rangeList } from '../address-ranges';

const DENIED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const DENIED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const denied = new net.BlockList();
for (const [a, p] of DENIED_V4) denied.addSubnet(a, p, 'ipv4');
for (const [a, p] of DENIED_V6) denied.addSubnet(a, p, 'ipv6');

const LOOKUP_TIMEOUT_MS = 5000;

export type AllowPrivate = true | readonly string[];

/** Whether one resolved address may be sent to. */
export function addressAllowed(address: string, allow: AllowPrivate): boolean {
  if (allow === true) return true;
  const plain = plainAddress(address);
  const family = familyOf(plain);
  if (!family) return false;
  if (!denied.check(plain, family)) return true;
  return allow.length > 0 && rangeList(allow).check(plain, family);
}

export class TargetRefused extends Error {
  constructor(
    readonly reason: 'scheme' | 'unresolved' | 'internal',
    detail: string,
  ) {
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
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), LOOKUP_TIMEOUT_MS);
      });
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
