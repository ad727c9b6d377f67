import type {
  ApplicAttribute,
  Applicability,
  ApplicProduct,
  InstanceQuery,
  ModuleInstance,
  ProductFilter,
  ProductFilterQuery,
} from '@ccms/contracts/content/s1000d';
import { type Assignment, applicToText, applies, type Csdb, type CsdbObject, describeFile, filterInstance, issueString, serializeDocument } from '@ccms/s1000d';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogTopic } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest } from '../../../platform/http/errors';
import { ata2300Assignment, ata2300Attributes, ata2300PmFilter, ata2300Products, ata2300SetAt } from '../catalog/ata2300-applicability';
import { type CatalogRuntime, type CatalogScopeOpen, indexedAt } from '../catalog/catalog.service';
import { findDocument } from '../document/document.queries';
import { documentMissing } from '../document/document.service';
import type { LibraryGit } from '../library/library-git';
import { standardOf } from '../standard/registry';
import { findTopic } from '../topic/topic.queries';
import { topicMissing } from '../topic/topic.service';
import { s1000dSetOf } from './s1000d-set';

/** A `ident=value;...` parameter as pairs (the contract checked its form). */
function parsePairs(assign: string | undefined): [string, string][] {
  if (!assign) return [];
  return assign
    .split(';')
    .filter((p) => p.trim() !== '')
    .map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()];
    });
}

/** The cross-reference table modules of a set: the one the most modules name first (a set may hold one per product). */
function tablesOf(csdb: Csdb) {
  const named = new Map<string, number>();
  for (const o of csdb.objects)
    for (const r of o.references)
      if (r.parent === 'applicCrossRefTableRef' || r.parent === 'condCrossRefTableRef' || r.parent === 'productCrossRefTableRef')
        named.set(r.target, (named.get(r.target) ?? 0) + 1);
  const rank = (o: CsdbObject) => -(named.get(o.code) ?? 0);
  const latest = csdb.objects
    .filter((o) => o.tables && !o.refused && csdb.latest(o.code) === o)
    .sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file));
  return {
    act: latest.filter((o) => o.tables?.productAttributes),
    cct: latest.filter((o) => o.tables?.condTypes || o.tables?.conds),
    pct: latest.filter((o) => o.tables?.products),
  };
}

function attributesOf(csdb: Csdb): ApplicAttribute[] {
  const { act, cct } = tablesOf(csdb);
  const out = new Map<string, ApplicAttribute>();
  for (const o of act)
    for (const a of o.tables?.productAttributes ?? [])
      if (!out.has(a.id)) out.set(a.id, { id: a.id, type: 'prodattr', name: a.displayName ?? a.name, values: a.values, primary: a.primary, condType: '' });
  for (const o of cct) {
    const types = new Map((o.tables?.condTypes ?? []).map((t) => [t.id, t]));
    for (const c of o.tables?.conds ?? []) {
      const type = types.get(c.type);
      if (!out.has(c.id))
        out.set(c.id, { id: c.id, type: 'condition', name: c.name, values: type?.values ?? [], primary: false, condType: type?.name ?? c.type });
    }
  }
  return [...out.values()];
}

function productsOf(csdb: Csdb, attributes: ApplicAttribute[]): ApplicProduct[] {
  const primary = attributes.find((a) => a.primary)?.id;
  const lower = primary?.toLowerCase();
  return csdb.products().map((p) => {
    const byPrimary = lower === undefined ? undefined : Object.entries(p.assignment).find(([k]) => k.toLowerCase() === lower)?.[1];
    return { key: p.id ?? byPrimary ?? Object.values(p.assignment)[0] ?? '', assignment: { ...p.assignment } };
  });
}

/**
 * S1000D libraries beyond the catalogue's common rows: their applicability tables, which modules of a
 * publication module apply to a product, and one module's instance for a product. Answers come from
 * the branch's indexed commit, with the same access as the catalogue's lists and details.
 */
export function s1000dService(db: Db, git: LibraryGit, { catalog, indexer }: CatalogRuntime) {
  const setOf = (scope: CatalogScopeOpen): Promise<Csdb> => s1000dSetOf(indexer, git, scope);

  /** The assignment a product and pairs give; every ident must be an attribute or condition of the set. */
  function assignmentOf(csdb: Csdb, q: { product?: string; assign?: string }): Assignment {
    if (!q.product && !q.assign) throw badRequest('s1000d.nothingAssigned');
    const attributes = attributesOf(csdb);
    const out: Record<string, string> = {};
    if (q.product) {
      if (csdb.products().length === 0) throw badRequest('s1000d.noPct', { field: 'product' });
      // The key the applicability answer lists, else any id or primary value the engine finds a product by.
      const found = productsOf(csdb, attributes).find((p) => p.key === q.product)?.assignment ?? csdb.productAssignment(q.product);
      if (!found) throw badRequest('s1000d.productUnknown', { field: 'product', product: q.product });
      Object.assign(out, found);
    }
    const known = new Set(attributes.map((a) => a.id));
    for (const [ident, value] of parsePairs(q.assign)) {
      if (!known.has(ident)) throw badRequest('s1000d.propertyUnknown', { field: 'assign', ident });
      out[ident] = value;
    }
    return out;
  }

  async function topicIds(libraryId: number, branch: string, paths: string[]): Promise<Map<string, number>> {
    if (paths.length === 0) return new Map();
    const rows = await db
      .select({ path: ccmsCatalogTopic.path, topicId: ccmsCatalogTopic.topicId })
      .from(ccmsCatalogTopic)
      .where(and(eq(ccmsCatalogTopic.libraryId, libraryId), eq(ccmsCatalogTopic.branch, branch), inArray(ccmsCatalogTopic.path, paths)));
    return new Map(rows.map((r) => [r.path, r.topicId]));
  }

  /** An ATA Spec 2300 branch (same identity and applicability as S1000D): its ACT, PCT and aircraft. */
  async function ata2300Applicability(scope: CatalogScopeOpen): Promise<Applicability> {
    const set = await ata2300SetAt(git.repoOf(scope.row.libraryId), scope.index.commit);
    const { act, pct } = set.tables;
    const ids = await topicIds(
      scope.index.libraryId,
      scope.index.branch,
      [act, pct].flatMap((e) => (e ? [e.content.file] : [])),
    );
    const ref = (e: typeof act) =>
      e ? { path: e.content.file, code: e.content.code, issue: e.content.issueDate ?? '', topicId: ids.get(e.content.file) ?? null } : null;
    return { ...indexedAt(scope.index), act: ref(act), cct: null, pct: ref(pct), attributes: ata2300Attributes(set), products: ata2300Products(set) };
  }

  /** Which modules of an ATA Spec 2300 PM apply to an aircraft (by its status file's applicability). */
  async function ata2300Filter(
    scope: CatalogScopeOpen,
    doc: { path: string; libraryId: number; branch: string },
    q: ProductFilterQuery,
  ): Promise<ProductFilter> {
    const set = await ata2300SetAt(git.repoOf(scope.row.libraryId), scope.index.commit);
    const assignment = ata2300Assignment(set, { ...(q.product ? { product: q.product } : {}), assign: parsePairs(q.assign) });
    const listed = ata2300PmFilter(set, doc.path, assignment);
    if (!listed) throw badRequest('s1000d.notPm', { field: 'documentId', path: doc.path });
    const ids = await topicIds(
      doc.libraryId,
      doc.branch,
      listed.map((m) => m.path),
    );
    const modules = listed.map((m) => ({ ...m, topicId: ids.get(m.path) ?? null }));
    const applicable = modules.filter((m) => m.applies).length;
    return {
      ...indexedAt(scope.index),
      documentId: q.documentId,
      assignment: { ...assignment },
      modules,
      applicable,
      notApplicable: modules.length - applicable,
    };
  }

  const isAta2300 = (scope: CatalogScopeOpen) => standardOf(scope.row.libraryType).id === 'ata2300';

  return {
    async applicability(auth: AuthContext, q: { libraryId: number; branch?: string }): Promise<Applicability> {
      const scope = await catalog.open(auth, q.libraryId, q.branch);
      if (isAta2300(scope)) return ata2300Applicability(scope);
      const csdb = await setOf(scope);
      const { act, cct, pct } = tablesOf(csdb);
      const firsts = [act[0], cct[0], pct[0]];
      const ids = await topicIds(
        scope.index.libraryId,
        scope.index.branch,
        firsts.flatMap((o) => (o ? [o.file] : [])),
      );
      const ref = (o: CsdbObject | undefined) =>
        o ? { path: o.file, code: o.code, issue: issueString(o.issue) ?? '', topicId: ids.get(o.file) ?? null } : null;
      const attributes = attributesOf(csdb);
      return { ...indexedAt(scope.index), act: ref(act[0]), cct: ref(cct[0]), pct: ref(pct[0]), attributes, products: productsOf(csdb, attributes) };
    },

    async filter(auth: AuthContext, q: ProductFilterQuery): Promise<ProductFilter> {
      const doc = await findDocument(db, q.documentId);
      if (!doc) throw documentMissing();
      const scope = await catalog.openStored(auth, doc.libraryId, doc.branch);
      if (isAta2300(scope)) return ata2300Filter(scope, doc, q);
      const csdb = await setOf(scope);
      const pm = csdb.objects.find((o) => o.file === doc.path);
      if (pm?.kind !== 'pm') throw badRequest('s1000d.notPm', { field: 'documentId', path: doc.path });
      const assignment = assignmentOf(csdb, q);
      const targets = csdb.pmModules(pm);
      const ids = await topicIds(
        doc.libraryId,
        doc.branch,
        targets.map((o) => o.file),
      );
      const modules = targets.map((o) => ({
        topicId: ids.get(o.file) ?? null,
        path: o.file,
        code: o.code,
        title: o.title,
        applic: o.applicText ?? (o.applic ? applicToText(o.applic) : ''),
        applies: applies(o.applic, assignment),
      }));
      const applicable = modules.filter((m) => m.applies).length;
      return {
        ...indexedAt(scope.index),
        documentId: q.documentId,
        assignment: { ...assignment },
        modules,
        applicable,
        notApplicable: modules.length - applicable,
      };
    },

    async instance(auth: AuthContext, q: InstanceQuery): Promise<ModuleInstance> {
      const topic = await findTopic(db, q.topicId);
      if (!topic) throw topicMissing();
      const scope = await catalog.openStored(auth, topic.libraryId, topic.branch);
      const csdb = await setOf(scope);
      const assignment = assignmentOf(csdb, q);
      const content = await git.repoOf(topic.libraryId).readFile(scope.index.commit, topic.path);
      if (content === null) throw topicMissing();
      const dm = describeFile(topic.path, content);
      if (dm.xml === undefined || (dm.kind !== 'dm' && dm.kind !== 'dme')) throw badRequest('s1000d.notDm', { field: 'topicId', path: topic.path });
      const result = filterInstance(dm.xml, dm.applicGroup, assignment);
      return {
        ...indexedAt(scope.index),
        topicId: q.topicId,
        assignment: { ...assignment },
        applies: applies(dm.applic, assignment),
        removed: result.removed,
        danglingRefs: result.danglingRefs,
        xml: serializeDocument(result.doc),
      };
    },
  };
}
