import type { MessageKey } from '@ccms/contracts/messages';
import { badRequest } from '../http/errors';
import { bareHost } from '../net/host-check';

/**
 * The one rule of every stored credential (library remotes, delivery connections, the SMTP
 * password, the single sign-on client secret): a stored secret only ever goes to the endpoint
 * it was entered for. A save that points the credential elsewhere without entering the secret
 * again is refused (a form that has the secret field) or clears the secret (a setting saved on
 * its own, such as the SMTP host).
 */
export interface SecretEndpointChange {
  /** Whether a secret is stored now. */
  stored: boolean;
  /** Whether this save keeps the stored secret (the form sent the mask or nothing). */
  kept: boolean;
  /** The endpoint the stored secret was entered for (see `urlEndpoint`, `hostEndpoint`). */
  from: string;
  /** Where the secret would go after this save. */
  to: string;
}

/** Whether the stored secret would follow its credential to another endpoint. */
export const secretWouldMove = (change: SecretEndpointChange) => change.stored && change.kept && change.from !== change.to;

/** Refuses (400, with a message that names the secret's field) a save that would take a stored secret elsewhere. */
export function assertSecretStays(change: SecretEndpointChange, messageKey: MessageKey, params?: Record<string, string | number>) {
  if (secretWouldMove(change)) throw badRequest(messageKey, params);
}

/**
 * Where a URL sends a secret: scheme, host and port; with `path`, the path as well (an OpenID
 * issuer: two realms on one server are two issuers). A text that is no URL stands for itself.
 */
export function urlEndpoint(raw: string, { path = false } = {}): string {
  try {
    const url = new URL(raw.trim());
    return path ? `${url.origin}${url.pathname.replace(/\/+$/, '')}` : url.origin;
  } catch {
    return raw.trim().toLowerCase();
  }
}

/** Where a host and port under a protocol send a secret (a delivery connection, an SMTP server). */
export const hostEndpoint = (protocol: string, host: string, port: number | string) =>
  `${protocol.trim().toLowerCase()}://${bareHost(host)}:${String(port).trim()}`;
