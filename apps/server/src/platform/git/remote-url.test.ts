import { describe, expect, it } from 'vitest';
import { checkRemoteUrl, pinConfig, type Resolver } from './remote-url';

/** Fake DNS: the names the attacker controls, never real lookups. */
const dns: Record<string, string[]> = {
  'intranet.evil.test': ['10.1.2.3'],
  'cgnat.evil.test': ['100.64.1.1'],
  'docker.evil.test': ['172.17.0.1'],
  'home.evil.test': ['192.168.1.1'],
  'ula.evil.test': ['fd12:3456::1'],
  'mapped.evil.test': ['::ffff:10.0.0.1'],
  'mixed.evil.test': ['93.184.216.34', '127.0.0.1'],
  'public.example.test': ['93.184.216.34'],
};
const resolver: Resolver = async (host) => {
  const list = dns[host];
  if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('library URLs cannot reach the inside network', () => {
  it.each([
    'http://10.0.0.1/r.git',
    'http://172.16.5.5/r.git',
    'http://172.31.255.255/r.git',
    'http://192.168.0.10/r.git',
    'http://100.64.0.1/r.git',
    'http://127.0.0.1/r.git',
    'http://169.254.169.254/r.git',
    'http://0.0.0.0/r.git',
    'http://[::1]/r.git',
    'http://[fd00::1]/r.git',
    'http://[fc00::5]/r.git',
    'http://[fe80::1]/r.git',
    'http://[::ffff:10.0.0.1]/r.git',
    'http://[::ffff:127.0.0.1]/r.git',
    'http://[::ffff:c0a8:101]/r.git',
  ])('refuses the address %s', async (url) => {
    expect(await checkRemoteUrl(url, '', resolver)).toEqual({ ok: false, reason: 'refused' });
  });

  it.each([
    // IPv4-compatible (::a.b.c.d, deprecated but still routed by some stacks), dotted and hex.
    ['IPv4-compatible, dotted', 'http://[::127.0.0.1]/r.git'],
    ['IPv4-compatible, hex', 'http://[::7f00:1]/r.git'],
    ['IPv4-compatible, spelled out', 'http://[0:0:0:0:0:0:a00:1]/r.git'],
    ['IPv4-compatible, private', 'http://[::192.168.1.1]/r.git'],
    // IPv4-translated (SIIT, ::ffff:0:a.b.c.d).
    ['IPv4-translated', 'http://[::ffff:0:7f00:1]/r.git'],
    // 6to4: 2002:AABB:CCDD::/48 reaches AA.BB.CC.DD.
    ['6to4 of loopback', 'http://[2002:7f00:1::]/r.git'],
    ['6to4 of loopback, with interface bits', 'http://[2002:7f00:1:0:0:0:0:1]/r.git'],
    ['6to4 of a private address', 'http://[2002:c0a8:101::1]/r.git'],
    ['6to4 of the metadata address', 'http://[2002:a9fe:a9fe::]/r.git'],
    // NAT64 (well-known and local-use prefixes) as a whole.
    ['NAT64 of loopback', 'http://[64:ff9b::127.0.0.1]/r.git'],
    ['NAT64 of a public address', 'http://[64:ff9b::5db8:d822]/r.git'],
    ['local-use NAT64', 'http://[64:ff9b:1::a00:1]/r.git'],
    // Teredo hides the client address (inverted); the whole prefix is refused.
    ['Teredo', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/r.git'],
  ])('refuses %s (%s): an IPv6 form that reaches an IPv4 address inside', async (_form, url) => {
    expect(await checkRemoteUrl(url, '', resolver)).toEqual({ ok: false, reason: 'refused' });
  });

  it('refuses names that resolve to such forms, and still accepts a public 6to4 or plain IPv6 address', async () => {
    const forms: Resolver = async (host) => [
      { address: host === 'compat.evil.test' ? '::7f00:1' : host === 'sixtofour.evil.test' ? '2002:a00:1::' : '2606:4700::1111', family: 6 },
    ];
    expect(await checkRemoteUrl('https://compat.evil.test/r.git', '', forms)).toEqual({ ok: false, reason: 'refused' });
    expect(await checkRemoteUrl('https://sixtofour.evil.test/r.git', '', forms)).toEqual({ ok: false, reason: 'refused' });
    expect(await checkRemoteUrl('https://public6.example.test/r.git', '', forms)).toMatchObject({ ok: true });
    // 6to4 of a public IPv4 address (93.184.216.34) is public.
    expect(await checkRemoteUrl('http://[2002:5db8:d822::1]/r.git', '', resolver)).toMatchObject({ ok: true });
  });

  it.each(Object.keys(dns).filter((h) => h.includes('evil')))('refuses %s, a name that resolves inside', async (host) => {
    expect(await checkRemoteUrl(`https://${host}/r.git`, '', resolver)).toEqual({ ok: false, reason: 'refused' });
  });

  it('refuses a name that does not resolve (fail closed) with the same reason as a private one', async () => {
    expect(await checkRemoteUrl('https://nowhere.evil.test/r.git', '', resolver)).toEqual({ ok: false, reason: 'refused' });
    expect(await checkRemoteUrl('https://nowhere.evil.test/r.git', '', async () => [])).toEqual({ ok: false, reason: 'refused' });
  });

  it('accepts a public name and pins the address it approved', async () => {
    const check = await checkRemoteUrl('https://public.example.test/group/r.git', '', resolver);
    expect(check).toMatchObject({ ok: true, pin: { host: 'public.example.test', port: 443, address: '93.184.216.34' } });
    expect(pinConfig(check.ok ? check.pin : null)).toEqual([['http.curloptResolve', 'public.example.test:443:93.184.216.34']]);
    expect(pinConfig({ host: 'h.test', port: 8080, address: '2001:db8::1' })).toEqual([['http.curloptResolve', 'h.test:8080:[2001:db8::1]']]);
  });

  it('lets allowPrivateUrls open a named host or address, and "true" everything', async () => {
    expect(await checkRemoteUrl('http://10.0.0.1/r.git', '10.0.0.1', resolver)).toMatchObject({ ok: true });
    expect(await checkRemoteUrl('https://intranet.evil.test/r.git', 'intranet.evil.test', resolver)).toMatchObject({
      ok: true,
      pin: { address: '10.1.2.3' },
    });
    expect(await checkRemoteUrl('https://intranet.evil.test/r.git', '10.1.2.3', resolver)).toMatchObject({ ok: true });
    expect(await checkRemoteUrl('https://home.evil.test/r.git', 'true', resolver)).toMatchObject({ ok: true });
    expect(await checkRemoteUrl('https://home.evil.test/r.git', '10.1.2.3', resolver)).toEqual({ ok: false, reason: 'refused' });
  });
});
