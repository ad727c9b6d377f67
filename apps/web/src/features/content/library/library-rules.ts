import { BranchName, GitUrl, MASKED_SECRET } from '@ccms/contracts/content/library';

/** The server's own rules (contracts), so the form says "Please enter a valid git repository URI" before sending. */
export const isGitUrl = (value: string) => GitUrl.safeParse(value).success;
export const isBranchName = (value: string) => BranchName.safeParse(value).success;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/**
 * The server's rule: a saved password only goes to the server it was entered for, so an edit
 * pointing the URL at another server (scheme, host or port) must enter it again.
 */
export function passwordMustBeEntered(saved: { url: string; credential: { password: string } } | undefined, url: string | undefined): boolean {
  if (!saved || saved.credential.password !== MASKED_SECRET || !url || !isGitUrl(url)) return false;
  return originOf(url.trim()) !== originOf(saved.url);
}
