import type { Ata2300Schemas } from '@ccms/ata2300';
import type { ReindexResult } from '@ccms/contracts/content/catalog';
import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import type { DitaProject } from '@ccms/dita';
import type { Brex, Csdb } from '@ccms/s1000d';
import { processSettings } from '../../../platform/config';
import type { Change, GitRepo } from '../../../platform/git/git-repo';
import { phaseTrace } from '../../../platform/phase-trace';
import type { S1000dThreadCheck } from '../shared/thread-s1000d';
import type { FileEntry } from './catalog-git';
import type { IndexWrite, LinkData } from './catalog-store';
import { CommitSource } from './commit-source';
import type { OrphanProject } from './index-rows';
import type { S1000dGrammar } from './s1000d-rows';

/** Phase timings on stderr when CCMS_CATALOG_TRACE is set (the benchmark uses them). */
export function tracer(label: string) {
  const on = processSettings().catalogTrace;
  const phases: string[] = [];
  const trace = phaseTrace({ on, onMark: (phase, start, end) => phases.push(`${phase} ${(end - start).toFixed(0)}`) });
  return {
    mark: trace.mark,
    done() {
      if (on) process.stderr.write(`catalog ${label}: ${phases.join(', ')} ms\n`);
    },
  };
}

/** Every file of a commit (with its blob id and size), and a source holding the contents of the ones `isSource` names. */
export async function readCommit(
  repo: GitRepo,
  commit: string,
  isSource: (path: string) => boolean,
): Promise<{ files: Map<string, FileEntry>; source: CommitSource }> {
  const files = new Map<string, FileEntry>();
  for (const e of await repo.filesUnder(commit, '')) if (e.type === 'blob') files.set(e.path, { oid: e.oid, size: e.size ?? 0 });
  const source = new CommitSource(repo, commit, new Set(files.keys()));
  await source.prefetch([...files.keys()].filter(isSource));
  return { files, source };
}

/** An S1000D branch as the S1000D routes and the editor's checks use it. */
export interface S1000dSet {
  csdb: Csdb;
  brex: ReadonlyMap<string, Brex>;
}

/** What the indexer remembers of a branch between runs, so the next run reads only what changed. */
export interface Snapshot {
  commit: string;
  files: Map<string, FileEntry>;
  projects: Map<string, DitaProject>;
  orphan: OrphanProject | null;
  owners: Map<string, string>;
  topicHash: Map<string, string>;
  docHash: Map<string, string>;
  links: Map<string, { sig: string; total: number; broken: number }>;
  keyCount: number;
  /** The key rows as a set (keySetOf): a map saved with the same definitions leaves them as they are. */
  keySig: string;
  /** The link rows of the few files the last incremental run edited in place (what `links` holds the signature of), for the next edit of them. */
  linkRows?: Map<string, LinkData[]>;
}

export interface IndexTarget {
  libraryId: number;
  /** The library's type: which content standard reads the branch (DITA when absent). */
  libraryType?: string;
  branch: string;
  repo: GitRepo;
  commit: string;
  /** What this server committed to make `commit` from `from`: the run takes the changes and contents from it instead of asking git. */
  known?: { from: string; changes: readonly KnownChange[] };
}

/** A change as the index takes it: as committed, or a file put by its blob id and size (its bytes not needed, not copied to the index thread). */
export type KnownChange = Change | { op: 'put'; path: string; blob: { oid: string; size: number } };

/** What one run gives: its result, the snapshot to remember and the rows to write. */
export interface RunOutcome {
  result: ReindexResult;
  snap: Snapshot;
  write: IndexWrite;
}

/** What the indexer is given. */
export interface IndexerOptions {
  maxSnapshots?: number;
  oneConnection?: boolean;
  /** The installed S1000D schema packages and default BREX (grammar module), for set runs in this process; none: XSD and the default BREX layer are reported missing. */
  s1000dGrammar?: () => Promise<S1000dGrammar>;
  /** The ATA Spec 2300 schema package installed, for set runs in this process (none: structure rules only). */
  ata2300Schemas?: () => Promise<Ata2300Schemas | undefined>;
  /** The XML profile of a library type (FTID, or a type an administrator defined); none: the library's files are not catalogued. */
  xmlProfile?: (libraryType: string) => Promise<XmlProfileSpec | undefined>;
  /** An S1000D object's check for a save, run elsewhere (the content threads); none: in this process. */
  s1000dThreadCheck?: S1000dThreadCheck;
}
