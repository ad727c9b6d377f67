import { TOKEN_COOKIE } from '@ccms/contracts/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { sysConfig } from '../../db/schema';
import { forbidden, unauthorized } from '../http/errors';
import { languageOf } from '../http/i18n';
import type { AuthContext } from './access';
import { hasPermission } from './access';
import { permissionNames } from './permission-names';
import { resolveSession } from './session';

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

async function docsPublic(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, 'sys.api.docsPublic'));
  return row?.value === 'true';
}

/** The API docs: the web's in-app page frames them, so the web's token cookie counts as well as the header. */
const isDocs = (url: string) => url === '/prod-api/swagger' || url.startsWith('/prod-api/swagger/');

/** The caller, for handlers of authenticated routes; a 401 if somehow absent. */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/**
 * Every route must declare its access (permission, authenticated or public) or the app refuses
 * to start; each request is then authenticated and authorized before validation.
 */
export const accessGuard = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'zh');
  app.decorate('routeTable', []);

  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as Record<string, unknown>;
    const declared = ['permission', 'authenticated', 'public'].filter((k) => config[k] !== undefined && config[k] !== false);
    // Routes the platform's own plugins add (docs UI, static files, HEAD twins) are public by nature.
    const internal = isDocs(route.url) || !route.url.startsWith('/prod-api') || route.method === 'HEAD';
    if (declared.length === 0 && isDocs(route.url)) {
      // Behind sign-in unless sys.api.docsPublic says otherwise.
      route.config = { ...config, authenticated: true, docs: true };
    } else if (declared.length === 0 && internal) {
      route.config = { ...config, public: true };
    } else if (declared.length !== 1) {
      throw new Error(`route ${route.method} ${route.url} must declare exactly one of permission, authenticated, public`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access: route.config ?? {} });
  });

  app.addHook('onRequest', async (req) => {
    req.lang = languageOf(req.headers);
    // No route matched: the not-found handler answers (the web app's pages, or a 404).
    if (req.is404) return;
    const access = req.routeOptions.config;
    const token = bearer(req) ?? (access.docs ? (req.cookies[TOKEN_COOKIE] ?? null) : null);
    if (token) {
      const proof = await app.tokens.read(token);
      req.auth = proof ? await resolveSession(app.db, app.sessions, proof, app.config.sessionIdleMinutes) : null;
    }
    if (access.public) return;
    if (access.docs && !req.auth && (await docsPublic(app.db))) return;
    if (!req.auth) throw unauthorized();
    if (req.auth.pwdChangeRequired && !access.beforePasswordChange) throw forbidden('password.changeRequired');
    if (access.permission !== undefined) {
      const wanted = Array.isArray(access.permission) ? access.permission : [access.permission];
      const auth = req.auth;
      // RuoYi's code and msg as ever; `denied` names the permission strings (any one would do) for the screens.
      if (!wanted.some((p) => hasPermission(auth, p))) throw forbidden('error.403', { permissions: await permissionNames(app.db, wanted, req.lang) });
    }
  });
});
