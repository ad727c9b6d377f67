import type { Ata2300Schemas } from '@ccms/ata2300';
import type { Language } from '@ccms/contracts/constants';
import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { keepNewest } from '../../../platform/lru';
import type { ThreadPool } from '../../../platform/worker/thread-pool';
import { checkFlightopsText } from '../flightops/flightops-check';
import { readAta2300Schemas } from '../grammar/grammar-ata2300';
import type { S1000dPackageRef } from '../grammar/grammar-registry';
import { checkAta2300, checkXmlProfile, describeTopic } from '../topic-editor/topic-by-standard';
import type { Checked } from './dita-validation';

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
  ata?: S1000dPackageRef;
  /** XML profile: the library type's profile, if it has one. */
  profile?: XmlProfileSpec;
}

/** A text of one of these standards checked, with its type and title read where it was parsed. */
export type StandardCheck = (input: Omit<StandardCheckInput, 'ata'>) => Promise<Checked>;

/** The check on the content threads, with the ATA package installed now. */
export function threadStandardCheck(threads: ThreadPool, ataPackage: () => Promise<S1000dPackageRef | undefined>): StandardCheck {
  return async (input) => {
    const ata = input.standard === 'ata2300' ? await ataPackage() : undefined;
    const answer = await threads.run<Omit<Checked, 'root'>>('standardCheck', { ...input, ...(ata ? { ata } : {}) } satisfies StandardCheckInput);
    return { root: undefined, ...answer };
  };
}

/** ATA schema packages read in a thread, by storage key. */
const ataRead = new Map<string, Promise<Ata2300Schemas>>();

function ataOf(ref: S1000dPackageRef): Promise<Ata2300Schemas> {
  const known = ataRead.get(ref.key);
  if (known) return known;
  const reading = readAta2300Schemas(ref.dir, ref.catalogPath, ref.name);
  keepNewest(ataRead, ref.key, reading, 2);
  reading.catch(() => ataRead.delete(ref.key));
  return reading;
}

/** The task: the text checked as its standard's save checks it, with its type and title (the tree stays in the thread). */
export async function standardCheckTask(input: StandardCheckInput): Promise<Omit<Checked, 'root'>> {
  const { standard, text, path, lang } = input;
  const checked =
    standard === 'ata2300'
      ? await checkAta2300(text, path, lang, input.ata ? await ataOf(input.ata) : undefined)
      : standard === 'flightops'
        ? await checkFlightopsText(text, path, lang)
        : await checkXmlProfile(text, path, lang, input.profile);
  return { problems: checked.problems, described: describeTopic(standard, path, text, checked.root) };
}
