/** Client and target addresses against lists of addresses and CIDR ranges (node:net BlockList). */
import { BlockList, isIP } from 'node:net';

export type Family = 'ipv4' | 'ipv6';

/**
 * An IPv4 address written inside IPv6 (`::ffff:10.0.0.1` on an IPv6 socket, `::127.0.0.1`,
 * `::ffff:7f00:1`) as plain IPv4, so IPv4 ranges apply to it; any other string as it is.
 */
export function plainAddress(address: string): string {
  const dotted = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return address;
}

export function familyOf(address: string): Family | null {
  const f = isIP(address);
  return f === 4 ? 'ipv4' : f === 6 ? 'ipv6' : null;
}

/** Addresses and CIDR ranges as one list; an entry that is neither is skipped. */
export function rangeList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, bits] = entry.split('/');
    const type = familyOf(addr ?? '');
    if (!type) continue;
    if (bits === undefined) list.addAddress(addr!, type);
    else list.addSubnet(addr!, Number(bits), type);
  }
  return list;
}
