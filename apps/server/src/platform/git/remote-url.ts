import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Hosts that answer cloud instance metadata: never a git remote unless explicitly allowed. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/**
 * Addresses a remote URL must not reach by default: loopback, private (RFC 1918, CGNAT, ULA),
 * link-local, unspecified, multicast and reserved ranges, and cloud metadata.
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
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');
blocked.addAddress('fd00:ec2::254', 'ipv6');

/** Resolves a host name to its addresses; tests pass their own instead of real DNS. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** The address the check approved, for git to connect to (so a second DNS answer cannot differ). */
export interface RemotePin {
  host: string;
  port: number;
  address: string;
}

export type UrlCheck = { ok: true; url: URL; pin: RemotePin | null } | { ok: false; reason: 'invalid' | 'refused' };

/** Syntax only: an http(s) URL with a host and a path, no user info, no fragment. */
export function parseGitUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password || url.hash) return null;
  if (/[\s\0]/.test(raw.trim())) return null;
  if (url.pathname === '/' || url.pathname === '') return null;
  return url;
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:hhhh:hhhh) as the IPv4 address it reaches. */
function mappedIpv4(ip: string): string | null {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (hex?.[1] && hex[2]) {
    const hi = Number.parseInt(hex[1], 16);
    const lo = Number.parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** The server's own addresses: a remote pointing at the host itself reaches its internal services. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) own.add(a.address.toLowerCase());
  return own;
}

function addressBlocked(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const ip = address.toLowerCase();
  const v4 = family === 6 ? mappedIpv4(ip) : ip;
  if (ownAddresses().has(ip) || (v4 && ownAddresses().has(v4))) return true;
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(ip, 'ipv6');
}

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * Whether a remote URL may be used: valid syntax, and a host that is not (and does not resolve
 * to) a private, loopback, link-local, metadata or own address, unless `allowed` lists the host
 * or address or is "true". A host that does not resolve is refused (fail closed), with the same
 * reason as a private one, so the answer tells nothing about the inside network. The approved
 * address comes back as `pin` for git to connect to.
 */
export async function checkRemoteUrl(raw: string, allowed: string, resolve: Resolver = systemResolver): Promise<UrlCheck> {
  const url = parseGitUrl(raw);
  if (!url) return { ok: false, reason: 'invalid' };
  const host = bare(url.hostname);
  const allow = allowed
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const allowAll = allow.includes('true') || allow.includes('*');
  const isAllowed = (h: string) => allowAll || allow.includes(bare(h));
  if (isIP(host)) return isAllowed(host) || !addressBlocked(host) ? { ok: true, url, pin: null } : { ok: false, reason: 'refused' };
  if (!isAllowed(host) && (METADATA_HOSTS.has(host) || host.endsWith('.internal') || host === 'localhost' || host.endsWith('.localhost'))) {
    return { ok: false, reason: 'refused' };
  }
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return { ok: false, reason: 'refused' };
  if (!isAllowed(host) && addresses.some((a) => addressBlocked(a.address) && !isAllowed(a.address))) return { ok: false, reason: 'refused' };
  const [first] = addresses;
  return { ok: true, url, pin: first ? { host, port: portOf(url), address: first.address } : null };
}

/** Git config that makes a command connect to the pinned address (curl's --resolve). */
export function pinConfig(pin: RemotePin | null | undefined): [string, string][] {
  if (!pin) return [];
  const address = isIP(pin.address) === 6 ? `[${pin.address}]` : pin.address;
  return [['http.curloptResolve', `${pin.host}:${pin.port}:${address}`]];
}
