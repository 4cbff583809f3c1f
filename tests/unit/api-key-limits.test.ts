/** What an API key's call must pass besides its secret (issue 26): its address list and its calls a minute. */
import { describe, expect, it } from 'vitest';
import { addressAllowed, takeKeyCall } from '../../server/auth/api-key-limits';
import { plainAddress } from '../../server/address-ranges';

describe('API key address lists', () => {
  it('allows any address when the list is empty', () => {
    expect(addressAllowed([], '203.0.113.9')).toBe(true);
  });
  it('matches single addresses and CIDR ranges of both families', () => {
    const list = ['10.20.0.0/16', '192.168.1.7', '2001:db8::/32'];
    expect(addressAllowed(list, '10.20.255.1')).toBe(true);
    expect(addressAllowed(list, '10.21.0.1')).toBe(false);
    expect(addressAllowed(list, '192.168.1.7')).toBe(true);
    expect(addressAllowed(list, '192.168.1.8')).toBe(false);
    expect(addressAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(addressAllowed(list, '2001:db9::5')).toBe(false);
  });
  it('reads an IPv4 address on an IPv6 socket as IPv4, and refuses what is no address', () => {
    expect(plainAddress('::ffff:10.20.0.3')).toBe('10.20.0.3');
    expect(addressAllowed(['10.20.0.0/16'], '::ffff:10.20.0.3')).toBe(true);
    expect(addressAllowed(['10.20.0.0/16'], 'not-an-address')).toBe(false);
  });
});

describe('API key rate limit', () => {
  it('allows the limit within a minute, then answers the seconds to wait, and starts again after the minute', () => {
    const id = `key-${Math.random()}`;
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(takeKeyCall(id, 3, t0 + i)).toBeNull();
    expect(takeKeyCall(id, 3, t0 + 15_000)).toBe(45);
    expect(takeKeyCall(`${id}-other`, 3, t0 + 15_000)).toBeNull();
    expect(takeKeyCall(id, 3, t0 + 60_000)).toBeNull();
  });
});
