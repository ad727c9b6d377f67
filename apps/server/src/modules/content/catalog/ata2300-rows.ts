import {
  type Ata2300Entry,
  type Ata2300Object,
  type Ata2300Ref,
  type Ata2300Schemas,
  type Ata2300TocItem,
  describeAta2300,
  factsOf,
  identKeyOf,
  pairStatus,
} from '@ccms/ata2300';
import { ata2300Files } from '@ccms/ata2300/files';
import { firstChild, normText, parseXml } from '@ccms/s1000d';
import type { FileEntry } from './catalog-git';
import type { DocumentData, LinkData, ProblemData, TopicData } from './catalog-store';
import { cjkBigrams } from './cjk';
import { hashOf } from './index-rows';
import { folderOf, linkRow, problemRow, problemsByPath, rowStats, type StandardRows, scanBranch } from './standard-rows';
import type { StoredTocNode } from './toc';

/**
 * The catalogue rows of an ATA Spec 2300 library branch (packages/ata2300): each data module with
 * its status file is one topic, each publication module with its status one document whose toc is
 * its entries, groups and references; references resolve by code; structure and pairing problems
 * are located rows. Pure: the indexer reads the commit and writes the rows.
 */
export type Ata2300Rows = StandardRows;

const languageOf = (o: Ata2300Object) => (o.language ? `${o.language.languageIsoCode.toLowerCase()}-${o.language.countryIsoCode.toUpperCase()}` : '');

const NO_OBJECT = 'no object of the set has this code';

/** The content's text for search (the content section, not the identity). */
function bodyText(read: (path: string) => Buffer | undefined, file: string): string {
  try {
    return normText(firstChild(parseXml(read(file) ?? '').root, 'content')).slice(0, 200_000);
  } catch {
    return '';
  }
}

/** Targets by code: the module in the referring module's language when there is one, else the first of that code. */
function resolver(entries: readonly Ata2300Entry[]) {
  const byCode = new Map<string, Ata2300Object[]>();
  for (const e of entries) byCode.set(e.content.code, [...(byCode.get(e.content.code) ?? []), e.content]);
  return (ref: Ata2300Ref, from: Ata2300Object): Ata2300Object | undefined => {
    const found = byCode.get(ref.target) ?? [];
    return found.find((o) => languageOf(o) === languageOf(from)) ?? found[0];
  };
}

/** With `schemas` (the package an administrator installed), each object is validated against the schema it names too. */
export function ata2300Rows(files: ReadonlyMap<string, FileEntry>, read: (path: string) => Buffer | undefined, schemas?: Ata2300Schemas): Ata2300Rows {
  const objects: Ata2300Object[] = [];
  const problems: ProblemData[] = [];
  const { sources, resources } = scanBranch(
    files,
    (p) => ata2300Files.roleOf(p) === 'resource',
    (p) => ata2300Files.isSource(p),
  );
  for (const path of sources) {
    const text = read(path) ?? '';
    const described = describeAta2300(path, text);
    problems.push(...described.problems.map((p) => problemRow(p, path)));
    if (schemas && described.kind !== 'none') problems.push(...schemas.validate(text.toString()).map((p) => problemRow(p, path)));
    if (described.kind !== 'none') objects.push(described);
  }
  const set = pairStatus(objects);
  problems.push(...set.problems.map((p) => problemRow(p.problem, p.file)));
  const problemCount = problemsByPath(problems);
  const problemsOf = (e: Ata2300Entry) => (problemCount.get(e.content.file) ?? 0) + (e.status ? (problemCount.get(e.status.file) ?? 0) : 0);

  const resolve = resolver(set.entries);
  const links: LinkData[] = [];
  for (const e of set.entries)
    for (const ref of e.content.refs) {
      const target = resolve(ref, e.content);
      links.push(
        linkRow(
          { sourcePath: e.content.file, line: ref.line, col: ref.column, kind: ref.kind === 'dm' ? 'dmRef' : 'pmRef', value: ref.target },
          target?.file,
          NO_OBJECT,
        ),
      );
    }

  const topics: TopicData[] = [];
  const identities = new Map<string, string>();
  for (const e of set.entries) {
    if (e.kind !== 'dm') continue;
    const o = e.content;
    const facts = factsOf(e);
    const title = o.title.slice(0, 1000);
    const body = bodyText(read, o.file);
    const meta = [o.code, facts.issueType, facts.applic, o.file].filter(Boolean).join(' ');
    const search = `${title} ${body} ${meta}`.toLowerCase();
    const row = {
      path: o.file,
      folder: folderOf(o.file),
      no: o.code.slice(0, 200),
      title,
      code: (o.contentType ?? '').slice(0, 200),
      revision: o.issueDate ?? '',
      manualType: '',
      docType: (o.schema ?? o.contentType ?? 'dmodule').slice(0, 64),
      language: languageOf(o).slice(0, 20),
      shortdesc: (facts.applic ?? '').slice(0, 2000),
      body,
      meta,
      search,
      cjk: cjkBigrams(search),
      problems: problemsOf(e),
      facts,
    };
    topics.push({ ...row, hash: hashOf(row) });
    if (o.code !== '') identities.set(o.file, identKeyOf(o));
  }

  const documents: DocumentData[] = [];
  for (const e of set.entries) {
    if (e.kind !== 'pm') continue;
    const o = e.content;
    const reached = new Set<string>([o.file]);
    if (e.status) reached.add(e.status.file);
    let broken = 0;
    let modules = 0;
    const node = (item: Ata2300TocItem): StoredTocNode => {
      if (!('ref' in item)) return { e: item.kind, t: item.title, h: null, p: null, b: false, r: '', c: item.items.map(node) };
      const target = resolve(item.ref, o);
      if (target) {
        reached.add(target.file);
        if (item.kind === 'dmRef') modules++;
      } else broken++;
      return { e: item.kind, t: '', h: item.ref.target, p: target?.file ?? null, b: !target, r: target ? '' : NO_OBJECT, c: [] };
    };
    const toc = (o.toc ?? []).map(node);
    const row = {
      path: o.file,
      docNbr: o.code.slice(0, 200),
      name: o.title.slice(0, 500),
      revision: o.issueDate ?? '',
      lang: languageOf(o).slice(0, 20),
      isBookmap: false,
      isSubmap: false,
      topicCount: modules,
      brokenCount: broken,
      problems: problemsOf(e),
      toc,
      files: [...reached],
      facts: { ...factsOf(e), role: 'document' },
    };
    documents.push({ ...row, hash: hashOf(row) });
  }
  return { topics, documents, resources, links, problems, identities, stats: rowStats(resources, links) };
}
