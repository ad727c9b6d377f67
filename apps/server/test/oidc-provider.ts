import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** An OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, for tests only. */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Every request that reached the token endpoint: its form body and Authorization header, as text. */
  tokenRequests: string[];
  close(): Promise<void>;
}

/**
 * Starts a provider with one confidential client (client_secret_post, PKCE required) whose
 * redirect URIs are `redirectUris`. Any login name signs in at its development interaction
 * page as the subject of that name. Nothing leaves 127.0.0.1.
 */
export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'ccms-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => ({ sub, preferred_username: sub, name: `SSO ${sub}` }) };
    },
  });
  // Development-only warnings (dev interactions) are expected here.
  provider.on('server_error', () => {});
  const tokenRequests: string[] = [];
  provider.use(async (ctx, next) => {
    try {
      await next();
    } finally {
      if (ctx.oidc?.route === 'token') tokenRequests.push(JSON.stringify({ body: ctx.oidc.body ?? null, authorization: ctx.get('authorization') }));
    }
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Walks the provider's pages as a browser would, without one: follows redirects, signs in as
 * `login` at the interaction page, confirms consent, and answers the first address outside the
 * provider (the redirect back to /auth-redirect with code and state).
 */
export async function walkProvider(authorizationUrl: string, issuer: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (!url.startsWith(issuer)) return new URL(url);
    const res = await fetch(url, { method, body, redirect: 'manual', headers: { cookie: cookieHeader() } });
    keep(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url}: ${res.status} ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('too many hops at the provider');
}
