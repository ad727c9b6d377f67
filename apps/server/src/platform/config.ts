import path from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  /** Initial value of sys.account.captchaEnabled, applied by the first seed only. */
  captchaOnFirstSeed: boolean;
  jwtSecret: string | undefined;
  secretKey: string | undefined;
  sessionIdleMinutes: number;
  logLevel: string;
  /** Built web app served at "/"; absent when not built. */
  webDir: string | undefined;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = path.resolve(import.meta.dirname, '../../../..');
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.CCMS_DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.CCMS_ADMIN_PASSWORD || undefined,
    captchaOnFirstSeed: env.CCMS_CAPTCHA !== 'false',
    jwtSecret: env.CCMS_JWT_SECRET || undefined,
    secretKey: env.CCMS_SECRET_KEY || undefined,
    sessionIdleMinutes: intFrom(env.CCMS_SESSION_IDLE_MINUTES, 30, 'CCMS_SESSION_IDLE_MINUTES'),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: env.CCMS_WEB_DIR ? path.resolve(env.CCMS_WEB_DIR) : path.join(root, 'apps/web/dist'),
  };
}
