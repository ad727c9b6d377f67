import { isIP } from 'node:net';
import path from 'node:path';
import type { ObjectStoreConfig } from './storage/s3-storage';

/** Which proxies may set X-Forwarded-For (Fastify's trustProxy): none, all, a hop count, or addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** REDIS_URL: the Redis the caches use (shared by every node); absent means each process caches in its own memory. */
  redisUrl: string | undefined;
  /** CCMS_REDIS_PREFIX: the prefix of this server's keys in that Redis (default "ccms:"). */
  redisPrefix: string;
  adminPassword: string | undefined;
  /** Initial value of sys.account.captchaEnabled, applied by the first seed only. */
  captchaOnFirstSeed: boolean;
  jwtSecret: string | undefined;
  secretKey: string | undefined;
  sessionIdleMinutes: number;
  /** Most live sessions per user; signing in beyond it ends the least recently used. */
  sessionsPerUser: number;
  /** Sign-in (and registration) attempts per minute per client address. */
  loginRateLimit: number;
  /** Most megabytes of videos kept on disk for streaming (read out of git once each). */
  videoCacheMb: number;
  /** CCMS_DELIVERY_RETRY_SECONDS: wait before a failed delivery is tried again by its work queue (doubled each time; default 30). */
  deliveryRetrySeconds: number;
  /** CCMS_DELIVERY_TIMEOUT: seconds that connecting and signing in to a delivery server may take (default 15). */
  deliveryTimeoutSeconds: number;
  /** CCMS_TRUST_PROXY: false (default) takes the client address from the socket, ignoring X-Forwarded-For. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Built web app served at "/"; absent when not built. */
  webDir: string | undefined;
  /** CCMS_PROJECT_ROOT: the source tree the code generator may write into (default: the tree this server runs from). */
  projectRoot: string;
  /** CCMS_S3_*: the S3-compatible object store keeping the files every node serves; absent, they stay in the data folder. */
  objectStore: ObjectStoreConfig | undefined;
  /** NODE_ENV=production: switches that must never be on in production (the generator writing code) stay off. */
  production: boolean;
  /** CCMS_OPS_LISTEN: where /health, /ready and /metrics are served (a second listener); absent: nowhere. */
  opsListen: OpsAddress | undefined;
}

export interface OpsAddress {
  host: string;
  /** 0: any free port (tests read the one bound from app.ops). */
  port: number;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

/** CCMS_OPS_LISTEN as host:port (an IPv6 host in brackets: [::1]:9464); unset or empty: no ops listener. */
export function opsListenFrom(value: string | undefined): OpsAddress | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s:[\]]+)):(\d{1,5})$/.exec(text);
  const host = m?.[1] ?? m?.[2];
  const port = Number(m?.[3]);
  if (!host || !(port >= 0 && port <= 65535) || (m?.[1] !== undefined && isIP(host) !== 6)) {
    throw new Error(`CCMS_OPS_LISTEN must be host:port, e.g. 127.0.0.1:9464 or [::1]:9464, got "${value}"`);
  }
  return { host, port };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (isIP(bits) !== 0) return true; // address/netmask
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * CCMS_TRUST_PROXY as Fastify's trustProxy takes it: unset or "false" trusts no proxy (the
 * socket address is the client), "true" trusts every X-Forwarded-For hop, a whole number trusts
 * that many hops, and a comma list names the proxies (addresses, CIDRs, loopback/linklocal/uniquelocal).
 */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || bad.length > 0) {
    throw new Error(`CCMS_TRUST_PROXY must be true, false, a hop count or a comma list of addresses/CIDRs, got "${value}"`);
  }
  return entries;
}

/**
 * The value for Fastify's trustProxy option. Fastify 5 refuses a bare hop count (it trusts
 * nothing then), so a count becomes the classic rule: trust the nearest `n` hops.
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof tp === 'number' ? (_address, hop) => hop < tp : tp;
}

/**
 * Several nodes on one PostgreSQL must sign and read the same tokens and decrypt the same stored
 * credentials: secrets generated per data directory would differ per node. Answers what is
 * missing, or null when the configuration is safe to start.
 */
export function sharedSecretsMissing(config: Pick<AppConfig, 'databaseUrl' | 'jwtSecret' | 'secretKey'>): string | null {
  if (!config.databaseUrl) return null;
  const missing = [!config.jwtSecret && 'CCMS_JWT_SECRET', !config.secretKey && 'CCMS_SECRET_KEY'].filter(Boolean);
  return missing.length === 0
    ? null
    : `DATABASE_URL is set, so several nodes may share the database: set ${missing.join(' and ')} (the same on every node) before starting`;
}

const S3_NAMES = ['CCMS_S3_ENDPOINT', 'CCMS_S3_BUCKET', 'CCMS_S3_REGION', 'CCMS_S3_ACCESS_KEY', 'CCMS_S3_SECRET_KEY', 'CCMS_S3_PATH_STYLE'] as const;

/**
 * The object store from CCMS_S3_*: none set keeps files in the data folder; an endpoint needs its
 * bucket, access key and secret. The region defaults to us-east-1 (what self-hosted stores
 * accept), path-style addressing to on (MinIO, Ceph, SeaweedFS; "false" for virtual-host style).
 */
export function objectStoreFrom(env: NodeJS.ProcessEnv): ObjectStoreConfig | undefined {
  if (S3_NAMES.every((name) => !env[name])) return undefined;
  const endpoint = env.CCMS_S3_ENDPOINT ?? '';
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol)) throw new Error(`CCMS_S3_ENDPOINT must be the store's http(s) address, got "${endpoint}"`);
  const missing = (['CCMS_S3_BUCKET', 'CCMS_S3_ACCESS_KEY', 'CCMS_S3_SECRET_KEY'] as const).filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`CCMS_S3_ENDPOINT is set: set ${missing.join(', ')} too`);
  const pathStyle = (env.CCMS_S3_PATH_STYLE ?? 'true').toLowerCase();
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`CCMS_S3_PATH_STYLE must be true or false, got "${env.CCMS_S3_PATH_STYLE}"`);
  return {
    endpoint: url.toString().replace(/\/$/, ''),
    bucket: env.CCMS_S3_BUCKET ?? '',
    region: env.CCMS_S3_REGION || 'us-east-1',
    accessKeyId: env.CCMS_S3_ACCESS_KEY ?? '',
    secretAccessKey: env.CCMS_S3_SECRET_KEY ?? '',
    forcePathStyle: pathStyle === 'true',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = path.resolve(import.meta.dirname, '../../../..');
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.CCMS_DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.CCMS_REDIS_PREFIX ?? 'ccms:',
    adminPassword: env.CCMS_ADMIN_PASSWORD || undefined,
    captchaOnFirstSeed: env.CCMS_CAPTCHA !== 'false',
    jwtSecret: env.CCMS_JWT_SECRET || undefined,
    secretKey: env.CCMS_SECRET_KEY || undefined,
    sessionIdleMinutes: intFrom(env.CCMS_SESSION_IDLE_MINUTES, 30, 'CCMS_SESSION_IDLE_MINUTES'),
    // Ten covers a person's browsers and devices; a stolen password cannot pile up sessions unseen.
    sessionsPerUser: intFrom(env.CCMS_SESSIONS_PER_USER, 10, 'CCMS_SESSIONS_PER_USER'),
    loginRateLimit: intFrom(env.CCMS_LOGIN_RATE_LIMIT, 60, 'CCMS_LOGIN_RATE_LIMIT'),
    videoCacheMb: intFrom(env.CCMS_VIDEO_CACHE_MB, 2048, 'CCMS_VIDEO_CACHE_MB'),
    deliveryRetrySeconds: intFrom(env.CCMS_DELIVERY_RETRY_SECONDS, 30, 'CCMS_DELIVERY_RETRY_SECONDS'),
    deliveryTimeoutSeconds: intFrom(env.CCMS_DELIVERY_TIMEOUT, 15, 'CCMS_DELIVERY_TIMEOUT'),
    trustProxy: trustProxyFrom(env.CCMS_TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: env.CCMS_WEB_DIR ? path.resolve(env.CCMS_WEB_DIR) : path.join(root, 'apps/web/dist'),
    projectRoot: env.CCMS_PROJECT_ROOT ? path.resolve(env.CCMS_PROJECT_ROOT) : root,
    production: env.NODE_ENV === 'production',
    objectStore: objectStoreFrom(env),
    opsListen: opsListenFrom(env.CCMS_OPS_LISTEN),
  };
}

/**
 * The CCMS_* settings read by code that runs without an app instance to pass it a config: the
 * publish engine's pool, the compliance report printer, and the phase tracers (the catalogue
 * indexer also runs in tools and benches; bench/map-editor sets CCMS_SAVE_TRACE before it starts
 * a server in its own process). Read from the environment when asked; every CCMS_* variable is
 * read in this file (`npm run lint` checks: scripts/check-config-env.mjs).
 */
export interface ProcessSettings {
  /** CCMS_CHROMIUM: the Chromium that prints compliance report PDFs (unset: the engine's default). */
  chromium: string | undefined;
  /** CCMS_PUBLISH_NODE_ARGS: extra Node flags for the publish engine process, split at spaces. */
  publishNodeArgs: string[];
  /** CCMS_PUBLISH_TRACE: each publish logs its phases. */
  publishTrace: boolean;
  /** CCMS_CATALOG_TRACE: each catalogue index prints its phase times on stderr. */
  catalogTrace: boolean;
  /** CCMS_SAVE_TRACE: editor saves record their phases as performance measures. */
  saveTrace: boolean;
}

export function processSettings(env: NodeJS.ProcessEnv = process.env): ProcessSettings {
  return {
    chromium: env.CCMS_CHROMIUM || undefined,
    publishNodeArgs: (env.CCMS_PUBLISH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
    publishTrace: Boolean(env.CCMS_PUBLISH_TRACE),
    catalogTrace: Boolean(env.CCMS_CATALOG_TRACE),
    saveTrace: Boolean(env.CCMS_SAVE_TRACE),
  };
}
