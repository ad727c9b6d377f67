import * as oidc from 'openid-client';
import { checkRemoteUrl } from '../../../platform/git/remote-url';

/** Everything the server needs to talk to the provider, the secret already opened. */
export interface ProviderAccess {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The admin's list of private hosts the server may reach (the libraries' setting), or "true". */
  allowedPrivate: string;
}

/** A provider address the server refused to reach (private, loopback or not http(s)). */
export class ProviderUrlRefused extends Error {}

/**
 * Discovery of the provider (`<issuer>/.well-known/openid-configuration`) with every request the
 * library makes (discovery, token, JWKS) checked like a library remote: no loopback, private or
 * metadata address unless the administrator allowed it. ID token signatures are checked against
 * the provider's JWKS (non-repudiation checks on), besides iss, aud, exp and nonce.
 */
export async function discoverProvider(access: ProviderAccess): Promise<oidc.Configuration> {
  const guardedFetch: oidc.CustomFetch = async (url, options) => {
    const check = await checkRemoteUrl(url, access.allowedPrivate);
    if (!check.ok) throw new ProviderUrlRefused(url);
    // The library's body (string, URLSearchParams or bytes) is a BodyInit; the DOM typings (the web
    // project type-checks this file through the e2e helpers) do not list Uint8Array.
    return fetch(url, { ...options, redirect: 'manual' } as RequestInit);
  };
  const issuer = new URL(access.issuer);
  const insecure = issuer.protocol === 'http:';
  const execute = [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])];
  const auth = access.clientSecret ? oidc.ClientSecretPost(access.clientSecret) : oidc.None();
  const config = await oidc.discovery(issuer, access.clientId, undefined, auth, {
    execute,
    [oidc.customFetch]: guardedFetch,
    timeout: 10,
  });
  config[oidc.customFetch] = guardedFetch;
  return config;
}

export { oidc };
