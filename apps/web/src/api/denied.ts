import type { Denied } from '@ccms/contracts/http';
import { i18n } from '../i18n';
import { ApiError } from './errors';

/**
 * A missing right in words (the "shared" namespace, loaded when needed: the sign-in page, which
 * loads the API client, carries none of this).
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A 403's `denied` when it has the contract's shape (checked by hand: no zod in the request layer), else null. */
export function deniedIn(value: unknown): Denied | null {
  if (!isRecord(value)) return null;
  const { permissions, level, object } = value;
  const rights = Array.isArray(permissions) && permissions.every((p) => isRecord(p) && typeof p.perms === 'string' && typeof p.name === 'string');
  if (permissions !== undefined && !rights) return null;
  if ((level !== undefined && typeof level !== 'string') || (object !== undefined && typeof object !== 'string')) return null;
  if (permissions === undefined && level === undefined) return null;
  return value as Denied;
}

/** The missing right of a refused call (a 403 naming it), else null. */
export function deniedOf(error: unknown): Denied | null {
  return error instanceof ApiError && error.code === 403 ? deniedIn(error.denied) : null;
}

/** What a screen needs is one of these: to show something, or to do something. */
export type DeniedPurpose = 'see' | 'do';

/**
 * The missing right in words, in the user's language: "You need the right “Libraries › Query
 * library” (ccms:library:query) to see this", or the grant level an object needs.
 */
export function deniedText(denied: Denied, purpose: DeniedPurpose): string {
  const p = i18n.t(`shared:denied.purposes.${purpose}`);
  const right = ({ perms, name }: { perms: string; name: string }) =>
    name ? i18n.t('shared:denied.right', { name, perms, purpose: p }) : i18n.t('shared:denied.rightNoName', { perms, purpose: p });
  const perms = denied.permissions ?? [];
  const [only] = perms;
  if (perms.length === 1 && only) return right(only);
  if (perms.length > 1) {
    const rights = perms.map(({ perms: code, name }) => (name ? `“${name}” (${code})` : code)).join(i18n.t('shared:denied.separator'));
    return i18n.t('shared:denied.oneOf', { rights, purpose: p });
  }
  if (denied.level) {
    return i18n.t('shared:denied.level', {
      level: i18n.t(`shared:denied.levels.${denied.level}`),
      object: i18n.t(`shared:denied.objects.${denied.object ?? 'library'}`),
      purpose: p,
    });
  }
  return i18n.t('http:code403');
}

/** The words of a missing right as a 403 sent it, once their namespace is loaded (the request layer's notification); '' when it is no right. */
export async function deniedInWords(raw: unknown, purpose: DeniedPurpose): Promise<string> {
  const denied = deniedIn(raw);
  if (!denied) return '';
  await i18n.loadNamespaces('shared');
  return deniedText(denied, purpose);
}
