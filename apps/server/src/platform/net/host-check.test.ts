import { describe, expect, it } from 'vitest';
import { addressBlocked, checkHost, embeddedIpv4, type Resolver } from './host-check';

/** Fake DNS: never real lookups. */
const resolver: Resolver = async (host) => {
  const table: Record<string, string[]> = { 'smtp.evil.test': ['::7f00:1'], 'smtp.example.test': ['93.184.216.34'] };
  const list = table[host];
  if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('host check (SMTP hosts, connection hosts, and the hosts of URLs)', () => {
  it('reads the IPv4 address inside each IPv6 embedding, in any spelling', () => {
    expect(embeddedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:0:a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('0:0:0:0:0:0:c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIpv4('2002:7f00:1::')).toBe('127.0.0.1');
    expect(embeddedIpv4('2002:a9fe:a9fe:1:2:3:4:5')).toBe('169.254.169.254');
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
  });

  it('refuses every embedding of an inside address and the translation prefixes, and passes public ones', () => {
    for (const ip of ['::127.0.0.1', '::7f00:1', '2002:7f00:1::', '2002:c0a8:101::1', '64:ff9b::808:808', '64:ff9b:1::1', '2001:0:4136:e378::1', 'fe80::1%lo'])
      expect(addressBlocked(ip), ip).toBe(true);
    for (const ip of ['93.184.216.34', '2606:4700::1111', '2002:5db8:d822::1', '::ffff:93.184.216.34']) expect(addressBlocked(ip), ip).toBe(false);
  });

  it('checks a bare host name or address and answers the address to connect to', async () => {
    expect(await checkHost('127.0.0.1', '', resolver)).toEqual({ ok: false });
    expect(await checkHost('[::7f00:1]', '', resolver)).toEqual({ ok: false });
    expect(await checkHost('localhost', '', resolver)).toEqual({ ok: false });
    expect(await checkHost('smtp.evil.test', '', resolver)).toEqual({ ok: false });
    expect(await checkHost('nowhere.evil.test', '', resolver)).toEqual({ ok: false });
    expect(await checkHost('', '', resolver)).toEqual({ ok: false });
    expect(await checkHost('evil.test/x', '', resolver)).toEqual({ ok: false });
    expect(await checkHost('SMTP.example.test.', '', resolver)).toEqual({ ok: true, address: '93.184.216.34' });
  });

  it('lets the allowance open a listed host or address only', async () => {
    expect(await checkHost('127.0.0.1', '127.0.0.1', resolver)).toEqual({ ok: true, address: '127.0.0.1' });
    expect(await checkHost('127.0.0.2', '127.0.0.1', resolver)).toEqual({ ok: false });
    expect(await checkHost('smtp.evil.test', 'smtp.evil.test', resolver)).toEqual({ ok: true, address: '::7f00:1' });
    expect(await checkHost('smtp.evil.test', ' true ', resolver)).toEqual({ ok: true, address: '::7f00:1' });
  });
});
