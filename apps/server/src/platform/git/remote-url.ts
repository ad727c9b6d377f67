import { isIP } from 'node:net';
import { checkHost, type Resolver, systemResolver } from '../net/host-check';

export type { Resolver } from '../net/host-check';

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
  const check = await checkHost(url.hostname, allowed, resolve);
  if (!check.ok) return { ok: false, reason: 'refused' };
  // The pin names the host exactly as git will ask for it (a trailing dot included).
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return { ok: true, url, pin: isIP(host) ? null : { host, port: portOf(url), address: check.address } };
}

/** Git config that makes a command connect to the pinned address (curl's --resolve). */
export function pinConfig(pin: RemotePin | null | undefined): [string, string][] {
  if (!pin) return [];
  const address = isIP(pin.address) === 6 ? `[${pin.address}]` : pin.address;
  return [['http.curloptResolve', `${pin.host}:${pin.port}:${address}`]];
}
