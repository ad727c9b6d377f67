import { EDITOR_LINK_VARIABLES } from '@ccms/contracts/content/editor-config';

export type LinkVariables = Record<(typeof EDITOR_LINK_VARIABLES)[number], string>;

const VARIABLE = /\$\{([^}]*)\}/g;
const KNOWN = new Set<string>(EDITOR_LINK_VARIABLES);

/** Variables of a parameter template that are not known (each is refused by name). */
export const unknownVariables = (parameter: string) => [...parameter.matchAll(VARIABLE)].map((m) => (m[1] ?? '').trim()).filter((n) => !KNOWN.has(n));

/**
 * The URL an editor link opens for one file: the server address, then the parameter with each
 * `${variable}` replaced by its URL-encoded value (joined with `?` or `&` as the address needs).
 */
export function editorLinkUrl(serverAddress: string, parameter: string, values: LinkVariables): string {
  const query = parameter.replace(/^[?&]/, '').replace(VARIABLE, (_m, name: string) => encodeURIComponent(values[name.trim() as keyof LinkVariables] ?? ''));
  if (query === '') return serverAddress;
  return `${serverAddress}${serverAddress.includes('?') ? '&' : '?'}${query}`;
}
