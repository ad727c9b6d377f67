import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * The one check of where the server may connect on a user's say-so: git remotes, the single
 * sign-on issuer, the SMTP server and delivery connections. Loopback, private, link-local,
 * metadata and the server's own addresses are refused unless the administrator's allowance
 * (config `ccms.library.allowPrivateUrls`) lists the host.
 */

/** Hosts that answer cloud instance metadata: never reached unless explicitly allowed. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/**
 * Addresses refused by default: loopback, private (RFC 1918, CGNAT, ULA), link-local,
 * unspecified, multicast and reserved ranges, cloud metadata, and the IPv6 translation
 * prefixes whose IPv4 address cannot be told for sure (NAT64, Teredo).
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
blocked.addAddress('100.100.100.200', 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  // NAT64, well-known and local-use prefixes: the gateway reaches whatever IPv4 address is inside.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // Teredo: the client's IPv4 address is inverted in the last bits and the relay is not ours to trust.
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');
blocked.addAddress('fd00:ec2::254', 'ipv6');

/** Resolves a host name to its addresses; tests pass their own instead of real DNS. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** A host as compared and resolved: no IPv6 brackets, lower case, no trailing dot of a name. */
export const bareHost = (host: string) => {
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return isIP(bare) ? bare : bare.replace(/\.$/, '');
};

/** The eight 16-bit words of a valid IPv6 address (any spelling: "::", a dotted IPv4 tail, a zone). */
function ipv6Words(ip: string): number[] | null {
  let text = ip.split('%')[0] ?? '';
  const tail: number[] = [];
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, dotted.index);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const words = (part: string | undefined) => (part ? part.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const head = words(halves[0]);
  const rest = words(halves[1]);
  const room = 8 - tail.length;
  const fill = halves.length === 2 ? room - head.length - rest.length : 0;
  if (fill < 0) return null;
  const all = [...head, ...new Array<number>(fill).fill(0), ...rest, ...tail];
  return all.length === 8 && all.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? all : null;
}

/**
 * The IPv4 address an IPv6 address reaches through an embedding: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still routed by
 * some stacks) and 6to4 (2002:AABB:CCDD::/48 reaches AA.BB.CC.DD); null for any other.
 */
export function embeddedIpv4(ip: string): string | null {
  const w = ipv6Words(ip);
  if (!w) return null;
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  const v4 = (hi = 0, lo = 0) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (zero(0, 5) && w[5] === 0xffff) return v4(w[6], w[7]);
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return v4(w[6], w[7]);
  if (zero(0, 6)) return v4(w[6], w[7]);
  if (w[0] === 0x2002) return v4(w[1], w[2]);
  return null;
}

/** The server's own addresses: a host pointing at the machine itself reaches its internal services. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) own.add(a.address.toLowerCase());
  return own;
}

/** Whether an address (v4 or v6, in any spelling) is one the server must not reach by default. */
export function addressBlocked(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const ip = address.toLowerCase();
  const v4 = family === 6 ? embeddedIpv4(ip) : ip;
  const own = ownAddresses();
  if (own.has(ip) || (v4 && own.has(v4))) return true;
  if (v4 && blocked.check(v4, 'ipv4')) return true;
  return family === 6 && blocked.check(ip.split('%')[0] ?? ip, 'ipv6');
}

/** The administrator's allowance: hosts or addresses, comma separated; "true" or "*" allows every host. */
export function privateAllowance(allowed: string): (host: string) => boolean {
  const allow = allowed
    .split(',')
    .map((s) => bareHost(s))
    .filter(Boolean);
  const all = allow.includes('true') || allow.includes('*');
  return (host) => all || allow.includes(bareHost(host));
}

export type HostCheck = { ok: true; address: string } | { ok: false };

/**
 * Whether the server may connect to `host`: an address, or a name that resolves only to
 * addresses, outside loopback, private, link-local, metadata and the server's own, unless the
 * allowance lists the host or the address. A name that does not resolve is refused (fail
 * closed), alike, so the answer tells nothing about the inside network. The approved address
 * comes back for the connection to use, so a second DNS answer cannot differ.
 */
export async function checkHost(rawHost: string, allowed: string, resolve: Resolver = systemResolver): Promise<HostCheck> {
  const host = bareHost(rawHost);
  if (!host || /[\s\0/\\@?#]/.test(host)) return { ok: false };
  const isAllowed = privateAllowance(allowed);
  if (isIP(host)) return isAllowed(host) || !addressBlocked(host) ? { ok: true, address: host } : { ok: false };
  if (!isAllowed(host) && (METADATA_HOSTS.has(host) || host.endsWith('.internal') || host === 'localhost' || host.endsWith('.localhost'))) {
    return { ok: false };
  }
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    addresses = [];
  }
  const [first] = addresses;
  if (!first) return { ok: false };
  if (!isAllowed(host) && addresses.some((a) => addressBlocked(a.address) && !isAllowed(a.address))) return { ok: false };
  return { ok: true, address: first.address };
}
