import type { Language } from '@ccms/contracts/constants';
import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import type { ThreadPool } from '../../../platform/worker/thread-pool';
import { checkFlightopsText } from '../flightops/flightops-check';
import type { PackageRef } from '../grammar/grammar-package';
import { checkAta2300, checkXmlProfile, describeTopic } from '../topic-editor/topic-by-standard';
import type { Checked } from './dita-validation';
import { ata2300InThread } from './thread-packages';

/*
 * A save's check of an ATA Spec 2300, flight-operations or XML-profile file on a content thread
 * (content-thread.ts), as the topic editor runs it: the thread parses and checks the text (against
 * the installed ATA schema package, read from its folder on this node and kept compiled, or the
 * profile's grammar) and reads its type and title.
 */

/** The standards whose texts this check takes (DITA and S1000D have their own: thread-grammar.ts, thread-s1000d.ts). */
export type CheckedStandard = 'ata2300' | 'flightops' | 'xmlprofile';

/** What the thread's `standardCheck` task is given. */
export interface StandardCheckInput {
  standard: CheckedStandard;
  text: string;
  path: string;
  lang: Language;
  /** ATA: the schema package installed, if any. */
  ata?: PackageRef;
  /** XML profile: the library type's profile, if it has one. */
  profile?: XmlProfileSpec;
}

/** A text of one of these standards checked, with its type and title read where it was parsed. */
export type StandardCheck = (input: Omit<StandardCheckInput, 'ata'>) => Promise<Checked>;

/** The check on the content threads, with the ATA package installed now. */
export function threadStandardCheck(threads: ThreadPool, ataPackage: () => Promise<PackageRef | undefined>): StandardCheck {
  return async (input) => {
    const ata = input.standard === 'ata2300' ? await ataPackage() : undefined;
    const answer = await threads.run<Omit<Checked, 'root'>>('standardCheck', { ...input, ...(ata ? { ata } : {}) } satisfies StandardCheckInput);
    return { root: undefined, ...answer };
  };
}

/** The task: the text checked as its standard's save checks it, with its type and title (the tree stays in the thread). */
export async function standardCheckTask(input: StandardCheckInput): Promise<Omit<Checked, 'root'>> {
  const { standard, text, path, lang } = input;
  const checked =
    standard === 'ata2300'
      ? await checkAta2300(text, path, lang, input.ata ? await ata2300InThread(input.ata) : undefined)
      : standard === 'flightops'
        ? await checkFlightopsText(text, path, lang)
        : await checkXmlProfile(text, path, lang, input.profile);
  return { problems: checked.problems, described: describeTopic(standard, path, text, checked.root) };
}
