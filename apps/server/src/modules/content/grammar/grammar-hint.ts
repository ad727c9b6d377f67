import type { GrammarStatus } from '@ccms/contracts/content/grammar';

/**
 * What a start logs while no DITA grammar package is installed: what validation uses instead and
 * how to install one (none ships with the product). Nothing once a package is installed.
 */
export function grammarHint(status: GrammarStatus): string | undefined {
  if (status.installed > 0) return undefined;
  const fallback =
    status.machineVersion !== null
      ? `files are validated against this machine's DITA ${status.machineVersion} catalog (Debian's dita-ot), which refuses newer elements such as DITA 1.3's <ditavalref>`
      : 'this machine has no DITA catalog either, so only well-formedness and the DITA structure rules are checked';
  return [
    `No DITA grammar package is installed: ${fallback}.`,
    'To validate against the DITA version your content uses, sign in as an administrator and open System Manager → Settings → Grammar Packages,',
    'then install a zip of the DTD folder with its OASIS catalog.xml at the top or one folder down (e.g. the OASIS DITA 1.3 DTDs of',
    "the DITA Open Toolkit's plugins/org.oasis-open.dita.v1_3: `cd plugins/org.oasis-open.dita.v1_3 && zip -r dita-1.3.zip .`).",
  ].join(' ');
}
