import {
  type Ata2300Entry,
  type Ata2300Object,
  Ata2300PublishError,
  type Ata2300Tables,
  assignmentOf,
  describeAta2300,
  pairStatus,
  pmModules,
  tablesOf,
} from '@ccms/ata2300';
import { ata2300Files } from '@ccms/ata2300/files';
import type { ApplicAttribute, ApplicProduct, FilteredModule } from '@ccms/contracts/content/s1000d';
import type { Assignment } from '@ccms/s1000d';
import type { GitRepo } from '../../../platform/git/git-repo';
import { badRequest } from '../../../platform/http/errors';

/**
 * The applicability of an ATA Spec 2300 library branch at a commit, for the screens that filter per
 * aircraft (the S1000D applicability and product filter routes answer with it for ATA2300
 * libraries): the ACT's attributes and the PCT's aircraft, and which modules of a PM apply to one.
 */
export interface Ata2300SetAt {
  entries: Ata2300Entry[];
  tables: Ata2300Tables;
}

/** Reads and pairs the branch's Spec 2300 objects at the commit. */
export async function ata2300SetAt(repo: GitRepo, commit: string): Promise<Ata2300SetAt> {
  const paths = (await repo.filePaths(commit)).filter((p) => ata2300Files.isSource(p));
  const bodies = await repo.readFiles(commit, paths);
  const contents = new Map<string, Buffer>();
  const objects: Ata2300Object[] = [];
  paths.forEach((p, i) => {
    const body = bodies[i];
    if (!body) return;
    const o = describeAta2300(p, body);
    if (o.kind === 'none') return;
    contents.set(p, body);
    objects.push(o);
  });
  const { entries } = pairStatus(objects);
  return { entries, tables: tablesOf(entries, (f) => contents.get(f) ?? Buffer.alloc(0)) };
}

export function ata2300Attributes(set: Ata2300SetAt): ApplicAttribute[] {
  return set.tables.attributes.map((a) => ({ id: a.id, type: 'prodattr', name: a.name, values: a.values, primary: false, condType: '' }));
}

export function ata2300Products(set: Ata2300SetAt): ApplicProduct[] {
  return [...set.tables.products].map(([key, assignment]) => ({ key, assignment: { ...assignment } }));
}

/** The assignment of a product (id or MSN) and `ident=value` pairs; refusals name the field, as S1000D's do. */
export function ata2300Assignment(set: Ata2300SetAt, q: { product?: string; assign?: [string, string][] }): Assignment {
  if (!q.product && (q.assign ?? []).length === 0) throw badRequest('s1000d.nothingAssigned');
  const known = new Set(set.tables.attributes.map((a) => a.id));
  for (const [ident] of q.assign ?? []) if (!known.has(ident)) throw badRequest('s1000d.propertyUnknown', { field: 'assign', ident });
  try {
    return assignmentOf({ ...(q.product ? { product: q.product } : {}), assign: Object.fromEntries(q.assign ?? []) }, set.tables.products).assignment;
  } catch (err) {
    if (!(err instanceof Ata2300PublishError)) throw err;
    if (err.code === 'noPct') throw badRequest('s1000d.noPct', { field: 'product' });
    throw badRequest('s1000d.productUnknown', { field: 'product', product: err.value });
  }
}

/** The data modules a PM lists with whether each applies (undefined when the path is no PM of the set). */
export function ata2300PmFilter(set: Ata2300SetAt, pmPath: string, assignment: Assignment): Omit<FilteredModule, 'topicId'>[] | undefined {
  const pm = set.entries.find((e) => e.kind === 'pm' && e.content.file === pmPath);
  if (!pm) return undefined;
  return pmModules(pm, set.entries, assignment).modules.map(({ entry, applies }) => ({
    path: entry.content.file,
    code: entry.content.code,
    title: entry.content.title,
    applic: entry.status?.applic?.displayText ?? '',
    applies,
  }));
}
