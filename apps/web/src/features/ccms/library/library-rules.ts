import { BranchName, GitUrl } from '@ccms/contracts/content/library';

/** The server's own rules (contracts), so the form says "Please enter a valid git repository URI" before sending. */
export const isGitUrl = (value: string) => GitUrl.safeParse(value).success;
export const isBranchName = (value: string) => BranchName.safeParse(value).success;
