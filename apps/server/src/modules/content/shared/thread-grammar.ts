import type { Language } from '@ccms/contracts/constants';
import { type Doctype, DtdValidation } from '@ccms/dita';
import { keepNewest } from '../../../platform/lru';
import type { ThreadPool } from '../../../platform/worker/thread-pool';
import type { Ask } from '../../../platform/worker/thread-tasks';
import type { Checked, DitaCheck, GrammarRules } from './dita-validation';

/*
 * DITA checks on the content threads (content-thread.ts): the thread parses and validates, and
 * asks the server what only it knows: whether the document types table checks a root's grammar,
 * and which catalogue's DTDs a DOCTYPE resolves to (an installed package's, or the machine's).
 */

/** What a check on a content thread asks the server about the grammar. */
export type GrammarQuestion = { kind: 'checksGrammar'; rootName: string } | { kind: 'catalog'; doctype: Doctype | undefined };

export const isGrammarQuestion = (q: { kind: string }): q is GrammarQuestion => q.kind === 'checksGrammar' || q.kind === 'catalog';

/** The server's answer to a grammar question: a yes or no, or the catalogue file (null: none knows the DOCTYPE). */
export async function answerGrammar(grammar: GrammarRules, q: GrammarQuestion): Promise<boolean | string | null> {
  if (q.kind === 'checksGrammar') return grammar.checksGrammar(q.rootName);
  return (await grammar.dtdsFor(q.doctype))?.catalogFile ?? null;
}

/** DTDs compiled in a thread, by catalogue file (a few: the installed packages and the machine's). */
const compiled = new Map<string, Promise<DtdValidation | undefined>>();
function dtdsOf(catalogFile: string): Promise<DtdValidation | undefined> {
  const known = compiled.get(catalogFile);
  if (known) return known;
  const opening = DtdValidation.open(catalogFile);
  keepNewest(compiled, catalogFile, opening, 4);
  opening.catch(() => compiled.delete(catalogFile));
  return opening;
}

/** The grammar rules as a content thread has them: decisions asked of the server, DTDs compiled in the thread. */
export function askingGrammar(ask: Ask): GrammarRules {
  return {
    checksGrammar: async (rootName) => (await ask({ kind: 'checksGrammar', rootName } satisfies GrammarQuestion)) === true,
    async dtdsFor(doctype) {
      const catalogFile = (await ask({ kind: 'catalog', doctype } satisfies GrammarQuestion)) as string | null;
      return catalogFile ? dtdsOf(catalogFile) : undefined;
    },
  };
}

/** What the thread's `check` task is given. */
export interface ThreadCheckInput {
  text: string;
  path: string;
  lang: Language;
}

/**
 * `checkDita` run on a content thread: the problems, and the topic's type and title read from the
 * parsed tree there (the tree itself stays in the thread, so `root` is undefined).
 */
export function threadDitaCheck(threads: ThreadPool, grammar: GrammarRules): DitaCheck {
  return (text, path, lang) =>
    threads.run<Checked>('check', { text, path, lang } satisfies ThreadCheckInput, (q) => answerGrammar(grammar, q as GrammarQuestion));
}
