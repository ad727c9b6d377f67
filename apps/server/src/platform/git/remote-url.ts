import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Hosts that answer cloud instance metadata: never a git remote unless explicitly allowed. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** Loopback, link-local and metadata addresses a remote URL must not reach by default. */
const blocked = new BlockList();
blocked.addSubnet('127.0.0.0', 8, 'ipv4');
blocked.addSubnet('169.254.0.0', 16, 'ipv4');
blocked.addSubnet('0.0.0.0', 8, 'ipv4');
blocked.addAddress('100.100.100.200', 'ipv4');
blocked.addAddress('::1', 'ipv6');
blocked.addAddress('::', 'ipv6');
blocked.addSubnet('fe80::', 10, 'ipv6');
blocked.addAddress('fd00:ec2::254', 'ipv6');

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: 'invalid' | 'refused' };

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

function addressBlocked(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  let ip = address;
  // An IPv4-mapped IPv6 address reaches the IPv4 host.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  if (family === 6) ip = ip.toLowerCase();
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a remote URL may be used: valid syntax, and a host that is not (and does not resolve
 * to) loopback, link-local or cloud metadata, unless `allowed` lists the host or address or is "true".
 */
export async function checkRemoteUrl(raw: string, allowed: string): Promise<UrlCheck> {
  const url = parseGitUrl(raw);
  if (!url) return { ok: false, reason: 'invalid' };
  const host = bare(url.hostname);
  const allow = allowed
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (allow.includes('true') || allow.includes('*')) return { ok: true, url };
  const isAllowed = (h: string) => allow.includes(bare(h));
  if (isAllowed(host)) return { ok: true, url };
  if (METADATA_HOSTS.has(host) || host.endsWith('.internal') || host === 'localhost' || host.endsWith('.localhost')) return { ok: false, reason: 'refused' };
  if (isIP(host)) return addressBlocked(host) ? { ok: false, reason: 'refused' } : { ok: true, url };
  let addresses: { address: string }[] = [];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    // An unknown host is not refused here: the connection check reports it as unreachable.
    return { ok: true, url };
  }
  if (addresses.some((a) => addressBlocked(a.address) && !isAllowed(a.address))) return { ok: false, reason: 'refused' };
  return { ok: true, url };
}
