import { type Du, describeFlightops, effectivityText, type FlightopsObject, flightopsFiles, type PslNode, problem, solutionsFact } from '@ccms/flightops';
import type { FileEntry } from './catalog-git';
import type { DocumentData, LinkData, ProblemData, TopicData } from './catalog-store';
import { cjkBigrams } from './cjk';
import { hashOf } from './index-rows';
import { folderOf, linkRow, problemRow, problemsByPath, rowStats, type StandardRows, scanBranch } from './standard-rows';
import type { StoredTocNode } from './toc';

/**
 * The catalogue rows of a flight-operations library branch (docs/flightops-profile.md): each DU is
 * a topic (its type, manual and solutions' effectivity in the facts), each PSL a document whose toc
 * is its chapters, sections and DU references, each duRef a link resolved by DU id; structure
 * faults, a duRef to no DU and a DU id held twice are located problem rows. Pure: the indexer
 * reads the commit and writes the rows.
 */
export type FlightopsRows = StandardRows;

const NO_DU = 'no DU of the branch has this id';

export function flightopsRows(files: ReadonlyMap<string, FileEntry>, read: (path: string) => Buffer | undefined): FlightopsRows {
  const objects: FlightopsObject[] = [];
  const problems: ProblemData[] = [];
  const { sources, resources } = scanBranch(
    files,
    (p) => flightopsFiles.roleOf(p) === 'resource',
    (p) => flightopsFiles.isSource(p),
  );
  for (const path of sources) {
    const described = describeFlightops(path, read(path) ?? '');
    problems.push(...described.problems.map((p) => problemRow(p, path)));
    objects.push(described);
  }

  // DUs by id: the first file (by path) holds an id; another file with the same id is a problem.
  const dus = objects.filter((o): o is Extract<FlightopsObject, { kind: 'du' }> => o.kind === 'du');
  const byId = new Map<string, Extract<FlightopsObject, { kind: 'du' }>>();
  for (const o of dus) {
    if (!o.du.id) continue;
    const held = byId.get(o.du.id);
    if (held) problems.push(problemRow(problem('fo-du-twice', { line: 1, column: 1 }, { id: o.du.id, other: held.file }), o.file));
    else byId.set(o.du.id, o);
  }

  const links: LinkData[] = [];
  const docRows: Omit<DocumentData, 'hash'>[] = [];
  const psls = objects.filter((o): o is Extract<FlightopsObject, { kind: 'psl' }> => o.kind === 'psl');
  for (const o of psls) {
    const reached = new Set<string>([o.file]);
    let broken = 0;
    let units = 0;
    const node = (n: PslNode): StoredTocNode => {
      if (n.kind !== 'duRef') return { e: n.kind, t: n.title, h: null, p: null, b: false, r: '', c: n.children.map(node) };
      const ref = n.ref ?? '';
      const target = byId.get(ref);
      links.push(linkRow({ sourcePath: o.file, line: n.line, col: 1, kind: 'duRef', value: ref }, target?.file, NO_DU));
      if (target) {
        reached.add(target.file);
        units++;
      } else {
        broken++;
        if (ref) problems.push(problemRow(problem('fo-psl-missing', { line: n.line, column: 1 }, { ref }), o.file));
      }
      return { e: 'duRef', t: target?.du.title ?? '', h: ref, p: target?.file ?? null, b: !target, r: target ? '' : NO_DU, c: [] };
    };
    const toc = o.psl.nodes.map(node);
    const row = {
      path: o.file,
      docNbr: o.psl.manual.slice(0, 200),
      name: (o.psl.title || o.psl.manual || o.file).slice(0, 500),
      revision: o.psl.revision.slice(0, 100),
      lang: '',
      isBookmap: false,
      isSubmap: false,
      topicCount: units,
      brokenCount: broken,
      problems: 0,
      toc,
      files: [...reached],
      facts: { standard: 'flightops', kind: 'psl', role: 'document', manual: o.psl.manual, revision: o.psl.revision },
    };
    docRows.push(row);
  }

  const problemCount = problemsByPath(problems);
  const documents: DocumentData[] = docRows.map((d) => {
    const row = { ...d, problems: problemCount.get(d.path) ?? 0 };
    return { ...row, hash: hashOf(row) };
  });

  const topics: TopicData[] = [];
  const identities = new Map<string, string>();
  for (const o of dus) {
    const du: Du = o.du;
    const title = (du.title || du.id || o.file).slice(0, 1000);
    const body = du.solutions
      .map((s) => s.text)
      .join(' ')
      .slice(0, 200_000);
    const msns = [...new Set(du.solutions.flatMap((s) => s.effectivity.msns))];
    const facts: Record<string, string> = {
      standard: 'flightops',
      kind: 'du',
      type: du.type,
      manual: du.manual,
      solutions: solutionsFact(du),
      effectivity: du.solutions.map((s) => effectivityText(s.effectivity)).join(' | '),
    };
    const meta = [du.id, du.type, du.manual, msns.join(' '), o.file].filter(Boolean).join(' ');
    const search = `${title} ${body} ${meta}`.toLowerCase();
    const row = {
      path: o.file,
      folder: folderOf(o.file),
      no: du.id.slice(0, 200),
      title,
      code: du.type.slice(0, 200),
      revision: '',
      manualType: du.manual.slice(0, 200),
      docType: 'du',
      language: '',
      shortdesc: facts.effectivity?.slice(0, 2000) ?? '',
      body,
      meta,
      search,
      cjk: cjkBigrams(search),
      problems: problemCount.get(o.file) ?? 0,
      facts,
    };
    topics.push({ ...row, hash: hashOf(row) });
    if (du.id && byId.get(du.id) === o) identities.set(o.file, `du:${du.id}`);
  }
  return { topics, documents, resources, links, problems, identities, stats: rowStats(resources, links) };
}
