import { isVideoName } from '@ccms/dita/files';
import type { FileEntry } from './catalog-git';
import type { DocumentData, LinkData, ProblemData, ResourceData, TopicData } from './catalog-store';
import { contentTypeOf } from './index-rows';

/**
 * What the catalogue rows of a non-DITA standard's branch have in common (S1000D, ATA Spec 2300,
 * flight operations, XML profiles): the rows, the resource scan, problem and link rows and the
 * counts. Each standard's module keeps only what its objects mean.
 */
export interface StandardRows {
  topics: TopicData[];
  documents: DocumentData[];
  resources: ResourceData[];
  links: LinkData[];
  problems: ProblemData[];
  /** Each unit's identity by path: a renamed file keeps its catalogue identity. */
  identities: Map<string, string>;
  stats: { images: number; videos: number; links: number; brokenLinks: number };
}

export const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** A standard's located problem, in the shape every package reports (messages in both languages). */
export interface LocatedProblem {
  line: number;
  column: number;
  severity: ProblemData['severity'];
  code: string;
  xpath?: string | null;
  messages: { zh: string; en: string };
}

export function problemRow(p: LocatedProblem, path: string): ProblemData {
  return {
    path,
    line: p.line,
    col: p.column,
    severity: p.severity,
    code: p.code.slice(0, 64),
    xpath: (p.xpath ?? '').slice(0, 1000),
    messageZh: p.messages.zh,
    messageEn: p.messages.en,
  };
}

/** The number of problem rows of each path. */
export function problemsByPath(problems: readonly ProblemData[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const p of problems) count.set(p.path, (count.get(p.path) ?? 0) + 1);
  return count;
}

/** A picture or video of the branch as a resource row. */
export function mediaRow(path: string, entry: FileEntry): ResourceData {
  return { path, type: isVideoName(path) ? 'video' : 'image', size: entry.size, contentType: contentTypeOf(path), oid: entry.oid };
}

/**
 * The branch's files in path order, split into the standard's sources and its media (as resource
 * rows); what is neither is left out.
 */
export function scanBranch(
  files: ReadonlyMap<string, FileEntry>,
  isMedia: (path: string) => boolean,
  isSource: (path: string) => boolean,
): { sources: string[]; resources: ResourceData[] } {
  const sources: string[] = [];
  const resources: ResourceData[] = [];
  for (const path of [...files.keys()].sort()) {
    const entry = files.get(path);
    if (!entry) continue;
    if (isMedia(path)) resources.push(mediaRow(path, entry));
    else if (isSource(path)) sources.push(path);
  }
  return { sources, resources };
}

/** A reference as a link row: resolved to `targetPath`, or broken for `reason`. */
export function linkRow(
  ref: { sourcePath: string; line: number; col: number; kind: string; value: string },
  targetPath: string | undefined,
  reason: string,
): LinkData {
  return {
    ...ref,
    value: ref.value.slice(0, 2000),
    key: null,
    targetPath: targetPath ?? null,
    targetFragment: null,
    status: targetPath ? 'resolved' : 'broken',
    resolved: targetPath !== undefined,
    reason: targetPath ? '' : reason,
  };
}

/** The counts the indexer reports for a branch. */
export function rowStats(resources: readonly ResourceData[], links: readonly LinkData[]): StandardRows['stats'] {
  return {
    images: resources.filter((r) => r.type === 'image').length,
    videos: resources.filter((r) => r.type === 'video').length,
    links: links.length,
    brokenLinks: links.filter((l) => !l.resolved).length,
  };
}
