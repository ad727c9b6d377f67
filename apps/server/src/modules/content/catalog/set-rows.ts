import type { Ata2300Schemas } from '@ccms/ata2300';
import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { type Brex, Csdb, type CsdbObject } from '@ccms/s1000d';
import { profileFiles } from '@ccms/xmlprofile/files';
import { GitRepo } from '../../../platform/git/git-repo';
import { keepNewest } from '../../../platform/lru';
import type { ThreadPool } from '../../../platform/worker/thread-pool';
import type { PackageRef } from '../grammar/grammar-package';
import { ata2300InThread, s1000dInThread } from '../shared/thread-packages';
import { standardOf } from '../standard/registry';
import { ata2300Rows } from './ata2300-rows';
import { flightopsRows } from './flightops-rows';
import { readCommit, tracer } from './index-run';
import { brexOf, describeSet, type S1000dGrammar, type S1000dRows, s1000dRows, withoutDocuments } from './s1000d-rows';
import { xmlProfileRows } from './xmlprofile-rows';

/*
 * The rows of an S1000D, ATA Spec 2300, flight-operations or XML-profile branch, worked out from
 * every source file of a commit (references resolve by code across the whole set): the parse,
 * the checks (schemas, BREX) and the rows. The server's runs do this on the index thread
 * (index-thread.ts), which reads the clone and the installed packages itself; set-run.ts compares
 * the rows with the stored ones and writes them on the server.
 */

/** A branch at a commit, as it crosses to the index thread: the clone by its folder. */
export interface SetTarget {
  libraryType?: string;
  dir: string;
  commit: string;
}

/** What a set run reads a branch with. */
export interface SetRowsInput {
  target: SetTarget;
  /** An XML-profile library: its type's profile (none: the type's profile is gone, and nothing is catalogued). */
  profile?: XmlProfileSpec;
}

/** What a standard whose references resolve across the whole set gives a full run. */
export type SetRows = Pick<S1000dRows, 'topics' | 'documents' | 'resources' | 'links' | 'problems' | 'identities' | 'stats'>;

/** An S1000D set as it crosses threads: its objects described (without their parsed documents) and its BREX by code. */
export interface S1000dSetData {
  objects: CsdbObject[];
  brex: Map<string, Brex>;
}

/** A set run's rows, the files it read and, for S1000D, the set it described. */
export interface SetRowsOutcome {
  rows: SetRows;
  readLog: string[];
  set?: S1000dSetData;
}

/** The installed packages as a set run takes them. */
export interface SetGrammars {
  s1000d?: () => Promise<S1000dGrammar>;
  ata2300?: () => Promise<Ata2300Schemas | undefined>;
}

/** A profile whose type is gone reads nothing (its rows go). */
const EMPTY_PROFILE: XmlProfileSpec = {
  filePattern: '-',
  unitRoots: [],
  documentRoots: [],
  idPath: '@id',
  titlePath: 'title',
  references: [],
  tocGroups: [],
  vocabulary: { blocks: [], lists: [], listItems: [], tables: [], rows: [], cells: [], inline: [], titles: [] },
  css: '',
  grammarKind: 'none',
  grammarName: '',
  grammar: '',
};

/** One reader per clone folder, where set runs run. */
const repos = new Map<string, GitRepo>();
function repoAt(dir: string): GitRepo {
  let repo = repos.get(dir);
  if (!repo) {
    repo = new GitRepo(dir);
    keepNewest(repos, dir, repo, 64);
  }
  return repo;
}

/** Every source file of the commit read, parsed, checked and made rows. */
export async function setRowsOf(input: SetRowsInput, grammars: SetGrammars): Promise<SetRowsOutcome> {
  const { target, profile } = input;
  const standard = standardOf(target.libraryType).id;
  const trace = tracer(standard);
  const isSource = standard === 'xmlprofile' ? profileFiles((profile ?? EMPTY_PROFILE).filePattern).isSource : standardOf(target.libraryType).files.isSource;
  const { files, source } = await readCommit(repoAt(target.dir), target.commit, isSource);
  trace.mark('git');
  const read = (p: string) => source.cached(p);
  let outcome: SetRowsOutcome;
  if (standard === 's1000d') {
    const rows = s1000dRows(files, read, (await grammars.s1000d?.()) ?? { packages: [] });
    const { csdb, brex, ...rest } = rows;
    outcome = { rows: rest, readLog: source.readLog, set: { objects: withoutDocuments(csdb).objects, brex } };
  } else {
    const rows =
      standard === 'flightops'
        ? flightopsRows(files, read)
        : standard === 'xmlprofile'
          ? xmlProfileRows(profile ?? EMPTY_PROFILE, profile ? files : new Map(), read)
          : ata2300Rows(files, read, await grammars.ata2300?.());
    outcome = { rows, readLog: source.readLog };
  }
  trace.mark(`engine (${outcome.rows.topics.length} modules)`);
  trace.done();
  return outcome;
}

/** An S1000D branch's set at a commit, described from git (the routes' and the editor's, where no run of this node remembers it). */
export async function describeSetAt(target: SetTarget): Promise<S1000dSetData> {
  const { files, source } = await readCommit(repoAt(target.dir), target.commit, standardOf(target.libraryType).files.isSource);
  const read = (p: string) => source.cached(p);
  const { csdb } = describeSet(files.keys(), read);
  return { objects: withoutDocuments(csdb).objects, brex: brexOf(csdb, read).brex };
}

/** The set again, resolving by code (objects that crossed threads are plain data). */
export const csdbOf = (set: S1000dSetData) => new Csdb(set.objects);

/** Where set runs run: the index thread (the server), or this process (a tool indexing alone). */
export interface SetRunner {
  rows(input: SetRowsInput): Promise<SetRowsOutcome>;
  describe(target: SetTarget): Promise<S1000dSetData>;
}

/** Set runs in this process, on its request loop: for tools and tests that index without a server. */
export function inProcessSetRunner(grammars: SetGrammars): SetRunner {
  return { rows: (input) => setRowsOf(input, grammars), describe: describeSetAt };
}

/** What the index thread's `setRows` task is given: the run's input and the installed packages it reads itself. */
export interface SetRowsTaskInput extends SetRowsInput {
  s1000dPackages?: PackageRef[];
  ataPackage?: PackageRef;
}

/** The `setRows` task, on the index thread: the installed packages read there and kept compiled (thread-packages.ts). */
export function setRowsTask(input: SetRowsTaskInput): Promise<SetRowsOutcome> {
  const { s1000dPackages, ataPackage, ...run } = input;
  return setRowsOf(run, {
    s1000d: () => s1000dInThread(s1000dPackages ?? []),
    ata2300: async () => (ataPackage ? ata2300InThread(ataPackage) : undefined),
  });
}

/** Set runs on the index thread (index-thread.ts), with the packages installed now. */
export function threadSetRunner(
  threads: ThreadPool,
  packages: { s1000d: () => Promise<PackageRef[]>; ata2300: () => Promise<PackageRef | undefined> },
): SetRunner {
  return {
    async rows(input) {
      const standard = standardOf(input.target.libraryType).id;
      const task: SetRowsTaskInput = { ...input };
      if (standard === 's1000d') task.s1000dPackages = await packages.s1000d();
      if (standard === 'ata2300') task.ataPackage = await packages.ata2300();
      return threads.run<SetRowsOutcome>('setRows', task);
    },
    describe: (target) => threads.run<S1000dSetData>('setDescribe', target),
  };
}
