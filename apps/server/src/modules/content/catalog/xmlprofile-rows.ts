import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { compileProfile, describeProfileFile, type ProfileObject, type ProfileTocItem, profileFiles, profileResolver, xmlProfileFiles } from '@ccms/xmlprofile';
import type { FileEntry } from './catalog-git';
import type { DocumentData, LinkData, ProblemData, TopicData } from './catalog-store';
import { cjkBigrams } from './cjk';
import { hashOf } from './index-rows';
import { folderOf, linkRow, problemRow, problemsByPath, rowStats, type StandardRows, scanBranch } from './standard-rows';
import type { StoredTocNode } from './toc';

/**
 * The catalogue rows of a library read by an XML profile (packages/xmlprofile): each file of the
 * profile's pattern whose root is a unit root is a topic, each grouping file a document whose toc
 * is its headings and references; references resolve by identity or path into link rows, so
 * where-used works; what is wrong with a file is a located problem row. Pure: the indexer reads
 * the commit and writes the rows.
 */
export type XmlProfileRows = StandardRows;

/**
 * The product's reference kind of a profile reference (the catalogue's kinds are a closed list): a
 * grouping file's entries are toc references, a path to a picture an image, an identity a link,
 * another path a cross-reference.
 */
function kindOf(from: ProfileObject, target: 'id' | 'path', to: string): 'topicref' | 'image' | 'link' | 'xref' {
  if (from.kind === 'document') return 'topicref';
  if (xmlProfileFiles.roleOf(to) === 'resource') return 'image';
  return target === 'id' ? 'link' : 'xref';
}

const NOT_FOUND = 'the library holds no file of this identity or path';

export function xmlProfileRows(spec: XmlProfileSpec, files: ReadonlyMap<string, FileEntry>, read: (path: string) => Buffer | undefined): XmlProfileRows {
  const profile = compileProfile(spec);
  const sources = profileFiles(spec.filePattern);
  const objects: ProfileObject[] = [];
  const problems: ProblemData[] = [];
  const { sources: paths, resources } = scanBranch(
    files,
    (p) => xmlProfileFiles.roleOf(p) === 'resource',
    (p) => sources.isSource(p),
  );
  for (const path of paths) {
    const described = describeProfileFile(path, read(path) ?? '', profile);
    problems.push(...described.problems.map((p) => problemRow(p, path)));
    if (described.kind !== 'none') objects.push(described);
  }
  const { resolve } = profileResolver(objects);
  const exists = (p: string) => files.has(p);
  const links: LinkData[] = [];
  for (const o of objects)
    for (const ref of o.refs) {
      const target = resolve(ref, o.file, exists);
      links.push(
        linkRow({ sourcePath: o.file, line: ref.line, col: ref.column, kind: kindOf(o, ref.target, target ?? ref.value), value: ref.value }, target, NOT_FOUND),
      );
    }
  const problemCount = problemsByPath(problems);

  const topics: TopicData[] = [];
  const identities = new Map<string, string>();
  for (const o of objects) {
    if (o.kind !== 'unit') continue;
    const title = (o.title || o.id || o.file).slice(0, 1000);
    const meta = [o.id, o.root, o.file].filter(Boolean).join(' ');
    const search = `${title} ${o.text} ${meta}`.toLowerCase();
    const row = {
      path: o.file,
      folder: folderOf(o.file),
      no: o.id.slice(0, 200),
      title,
      code: o.root.slice(0, 200),
      revision: '',
      manualType: '',
      docType: o.root.slice(0, 64),
      language: '',
      shortdesc: '',
      body: o.text,
      meta,
      search,
      cjk: cjkBigrams(search),
      problems: problemCount.get(o.file) ?? 0,
      facts: { standard: 'xmlprofile', root: o.root },
    };
    topics.push({ ...row, hash: hashOf(row) });
    if (o.id !== '') identities.set(o.file, o.id);
  }

  const documents: DocumentData[] = [];
  for (const o of objects) {
    if (o.kind !== 'document') continue;
    const reached = new Set<string>([o.file]);
    let broken = 0;
    let units = 0;
    const node = (item: ProfileTocItem): StoredTocNode => {
      if (item.kind === 'group') return { e: item.element, t: item.title, h: null, p: null, b: false, r: '', c: item.items.map(node) };
      const target = resolve(item.ref, o.file, exists);
      if (target) {
        reached.add(target);
        units++;
      } else broken++;
      return { e: item.element, t: '', h: item.ref.value, p: target ?? null, b: !target, r: target ? '' : NOT_FOUND, c: [] };
    };
    const toc = o.toc.map(node);
    const row = {
      path: o.file,
      docNbr: o.id.slice(0, 200),
      name: (o.title || o.id || o.file).slice(0, 500),
      revision: '',
      lang: '',
      isBookmap: false,
      isSubmap: false,
      topicCount: units,
      brokenCount: broken,
      problems: problemCount.get(o.file) ?? 0,
      toc,
      files: [...reached],
      facts: { standard: 'xmlprofile', root: o.root, role: 'document' },
    };
    documents.push({ ...row, hash: hashOf(row) });
  }
  return { topics, documents, resources, links, problems, identities, stats: rowStats(resources, links) };
}
