import { type Brex, loadBrex, type ValidationProblem } from '@ccms/s1000d';
import { keepNewest } from '../../../platform/lru';
import type { ThreadPool } from '../../../platform/worker/thread-pool';
import type { Ask } from '../../../platform/worker/thread-tasks';
import { checkS1000dObject } from '../catalog/s1000d-rows';
import type { PackageRef } from '../grammar/grammar-package';
import { describeTopic } from '../topic-editor/topic-by-standard';
import { s1000dInThread } from './thread-packages';

/*
 * An S1000D object's check on a content thread (content-thread.ts), as a save runs it: the thread
 * parses the text, validates it against the installed schema of its issue and the BREX layers,
 * and reads its type and title. It reads the installed packages from their folders on this node
 * and keeps them compiled (thread-packages.ts); the set's BREX modules it keeps by blob id, asking the server only for
 * the bytes of those it has not read.
 */

/** A BREX data module of the set: its path and blob id at the indexed commit. */
export interface RuleFile {
  path: string;
  oid: string;
}

/** What the thread's `s1000dCheck` task is given. */
export interface S1000dCheckInput {
  content: string;
  path: string;
  rules: RuleFile[];
  packages: PackageRef[];
}

/** What the task asks the server: the bytes of BREX modules of the set, by path at the indexed commit. */
export interface RulesQuestion {
  kind: 'rules';
  paths: string[];
}

/** What the task answers. */
export interface S1000dChecked {
  problems: ValidationProblem[];
  described: { docType: string; title: string };
}

/** The set's check of one object by a thread: the server's side, which lists the rules and reads them when asked. */
export type S1000dThreadCheck = (job: {
  content: string;
  path: string;
  rules: RuleFile[];
  read: (paths: string[]) => Promise<(Buffer | null)[]>;
}) => Promise<S1000dChecked>;

/** The S1000D check on the content threads, with the packages installed now. */
export function threadS1000dCheck(threads: ThreadPool, packages: () => Promise<PackageRef[]>): S1000dThreadCheck {
  return async ({ content, path, rules, read }) =>
    threads.run<S1000dChecked>('s1000dCheck', { content, path, rules, packages: await packages() } satisfies S1000dCheckInput, (q) =>
      read((q as RulesQuestion).paths),
    );
}

/** The set's BREX modules read in a thread, by blob id (undefined: the module is not a BREX the engine reads). */
const rulesRead = new Map<string, Brex | undefined>();
const MAX_RULES = 256;

/** The set's BREX by code, as `brexOf` reads them: the modules not yet read here asked of the server in one question. */
async function setBrexOf(rules: RuleFile[], ask: Ask): Promise<Map<string, Brex>> {
  const missing = rules.filter((r) => !rulesRead.has(r.oid));
  if (missing.length > 0) {
    const bodies = (await ask({ kind: 'rules', paths: missing.map((r) => r.path) } satisfies RulesQuestion)) as (Uint8Array | null)[];
    for (const [i, r] of missing.entries()) {
      const body = bodies[i];
      const text = body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8') : '';
      keepNewest(rulesRead, r.oid, loadBrex(text, r.path).brex, MAX_RULES);
    }
  }
  const brex = new Map<string, Brex>();
  for (const r of rules) {
    const b = rulesRead.get(r.oid);
    if (b) brex.set(b.dmc, b);
  }
  return brex;
}

/** The task: the object checked as a save checks it, with its type and title. */
export async function s1000dCheckTask(input: S1000dCheckInput, ask: Ask): Promise<S1000dChecked> {
  const [grammar, brex] = await Promise.all([s1000dInThread(input.packages), setBrexOf(input.rules, ask)]);
  return { problems: checkS1000dObject(input.content, input.path, brex, grammar), described: describeTopic('s1000d', input.path, input.content) };
}
