import type { Language } from '@ccms/contracts/constants';
import type { EditorProblem } from '@ccms/contracts/content/topic-editor';
import { parseXml, type XmlElement } from '@ccms/dita';
import { type Aircraft, aircraftOf, checkFlightops, describeFlightops, FLIGHTOPS_CSS, flightopsFiles, renderDu } from '@ccms/flightops';
import type { GitRepo } from '../../../platform/git/git-repo';
import type { Checked } from '../shared/dita-validation';
import { fleetAt } from './flightops-set';

const ROOT_OF_ROLE = { unit: 'du', document: 'psl', rules: 'fleet', list: 'highlights' } as const;

/**
 * A flight-operations file checked as a save checks it: the profile's structure rules
 * (docs/flightops-profile.md), and the root its name asks for (a DU in du/, psl.xml a PSL,
 * fleet.xml the fleet), each problem located, in the caller's language.
 */
export async function checkFlightopsText(text: string, path: string, lang: Language): Promise<Checked> {
  const role = flightopsFiles.roleOf(path);
  const expected = role in ROOT_OF_ROLE ? ROOT_OF_ROLE[role as keyof typeof ROOT_OF_ROLE] : undefined;
  const problems: EditorProblem[] = checkFlightops(path, text, expected).map((p) => ({
    line: p.line,
    column: p.column,
    severity: p.severity,
    code: p.code,
    message: lang === 'en' ? p.messages.en : p.messages.zh,
  }));
  let root: XmlElement | undefined;
  try {
    root = parseXml(text, path).root;
  } catch {
    root = undefined;
  }
  return { root, problems };
}

/** A DU's type and title (a PSL: psl and its title), as the topic editor describes what it saved. */
export function describeFlightopsTopic(path: string, text: string): { docType: string; title: string } {
  const o = describeFlightops(path, text);
  if (o.kind === 'du') return { docType: 'du', title: o.du.title };
  if (o.kind === 'psl') return { docType: 'psl', title: o.psl.title };
  return { docType: o.kind === 'none' ? '' : o.kind, title: '' };
}

/**
 * A DU's preview: the text as published, every solution under its effectivity, or only those
 * effective for `aircraft` (of the branch's fleet: `previewAircraft`). Empty when the text is not a
 * well-formed DU (the check says why). Pure: the content threads run it (content-thread.ts).
 */
export async function renderFlightopsPreview(content: string, lang: Language, aircraft: Aircraft | undefined): Promise<string> {
  const described = describeFlightops('preview.xml', content);
  if (described.kind !== 'du') return '';
  const { DEFAULT_CSS } = await import('@ccms/dita/shared-output');
  const rendered = renderDu(content, { lang: lang === 'zh' ? 'zh' : 'en', ...(aircraft ? { aircraft } : {}) });
  return `<style>${DEFAULT_CSS}${FLIGHTOPS_CSS}</style><main class="flightops-preview">${rendered.html}</main>`;
}

/** The aircraft a preview is filtered for: of the branch's fleet at `commit`, by MSN or registration (undefined: every solution). */
export async function previewAircraft(repo: GitRepo, commit: string | null, aircraft: string | undefined): Promise<Aircraft | undefined> {
  const fleet = aircraft && commit ? await fleetAt(repo, commit) : undefined;
  return fleet && aircraft ? aircraftOf(fleet, aircraft) : undefined;
}
