import type {
  ComplianceReport,
  Matrix,
  MatrixQuery,
  MatrixRow,
  ReportBody,
  ReportQuery,
  ScopeBody,
  Totals,
} from '@ccms/contracts/compliance/compliance-report';
import type { Language } from '@ccms/contracts/constants';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsComplianceReport, ccmsDocumentOutput, ccmsProject, ccmsPublication, ccmsRelease, ccmsReleaseLog } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { versionedCache } from '../../../platform/cache/versioned-cache';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { LibraryService } from '../../content/library/library.service';
import { assertProjectAccess } from '../../work/project/project-access';
import { flagChangedTopics, type Notify } from '../link/link-flags';
import type { RegulationService } from '../regulation/regulation.service';
import { readableRegulations } from '../regulation/regulation-access';
import { computeMatrix, matrixStamp, type ResolvedScope, totalsOf } from './matrix';
import { matrixXlsx } from './report.excel';
import { findReport, listReports, type ReportRow } from './report.queries';

const present = (r: ReportRow): ComplianceReport => ({
  reportId: r.reportId,
  name: r.name,
  regulationId: r.regulationId,
  regulationName: r.regulationName,
  regulationRevision: r.regulationRevision,
  scopeType: r.scopeType as ComplianceReport['scopeType'],
  libraryId: r.libraryId,
  branch: r.branch,
  documentId: r.documentId,
  publicationId: r.publicationId,
  releaseId: r.releaseId,
  scopeLabel: r.scopeLabel,
  frozen: r.frozen,
  totals: (r.totals as Totals | null) ?? null,
  frozenBy: r.frozenBy,
  frozenTime: r.frozenTime,
  createBy: r.createBy,
  createTime: r.createTime,
});

/** Computed matrices kept per node (a 5,000-clause, 20,000-link matrix is a few MB). */
const MATRIX_CACHE_ENTRIES = 16;

interface StoredMatrix {
  rows: MatrixRow[];
  commitNote: boolean;
}

/** Compliance reports of a regulation revision: read level to see, write level to create, freeze or delete. */
export function reportService(deps: { db: Db; libraries: LibraryService; regulations: RegulationService; notify: Notify }) {
  const { db, libraries, regulations, notify } = deps;
  const matrices = versionedCache<StoredMatrix>(MATRIX_CACHE_ENTRIES);

  /** A release, its project and the project's library branch (the project readable by the caller when one is given). */
  async function releaseOf(releaseId: number, auth?: AuthContext) {
    const [row] = await db
      .select({ release: ccmsRelease, project: ccmsProject })
      .from(ccmsRelease)
      .innerJoin(ccmsProject, eq(ccmsProject.projectId, ccmsRelease.projectId))
      .where(and(eq(ccmsRelease.releaseId, releaseId), eq(ccmsRelease.delFlag, '0'), eq(ccmsProject.delFlag, '0')));
    if (!row) throw badRequest('report.scopeMissing', { field: 'releaseId', id: releaseId });
    if (auth) await assertProjectAccess(db, auth, row.project.projectId, 'read');
    const branch = row.project.projectBranch || row.project.sourceBranch;
    if (!row.project.libraryId || !branch) throw badRequest('report.releaseNoLibrary', { id: releaseId });
    return { ...row, libraryId: row.project.libraryId, branch };
  }

  /**
   * The documents of a release: the maps whose outputs were archived to it (the project's release
   * log rows with the release's title as version, by their output id) on the project's library
   * branch. None archived yet: undefined, and the project's whole library branch is the content.
   */
  async function releaseDocuments(r: { libraryId: number; branch: string; release: { projectId: number; title: string } }) {
    const logs = await db
      .select({ outputId: ccmsReleaseLog.outputId })
      .from(ccmsReleaseLog)
      .where(
        and(
          eq(ccmsReleaseLog.projectId, r.release.projectId),
          eq(ccmsReleaseLog.version, r.release.title),
          eq(ccmsReleaseLog.status, 'success'),
          eq(ccmsReleaseLog.delFlag, '0'),
          isNotNull(ccmsReleaseLog.outputId),
        ),
      );
    const outputIds = logs.map((l) => l.outputId ?? 0).filter((id) => id > 0);
    if (outputIds.length === 0) return undefined;
    const docs = await db
      .selectDistinct({ documentId: ccmsCatalogDocument.documentId })
      .from(ccmsDocumentOutput)
      .innerJoin(
        ccmsCatalogDocument,
        and(
          eq(ccmsCatalogDocument.libraryId, ccmsDocumentOutput.libraryId),
          eq(ccmsCatalogDocument.branch, ccmsDocumentOutput.branch),
          eq(ccmsCatalogDocument.path, ccmsDocumentOutput.path),
        ),
      )
      .where(and(inArray(ccmsDocumentOutput.outputId, outputIds), eq(ccmsDocumentOutput.libraryId, r.libraryId), eq(ccmsDocumentOutput.branch, r.branch)));
    return docs.map((d) => d.documentId);
  }

  /** The scope's library, branch and paths, checked to exist and readable by the caller. */
  async function resolve(auth: AuthContext, scope: ScopeBody) {
    if (scope.scopeType === 'release') {
      const r = await releaseOf(scope.releaseId ?? 0, auth);
      await libraries.forCall(auth, r.libraryId, 'read');
      return { stored: { libraryId: r.libraryId, branch: r.branch, releaseId: r.release.releaseId }, label: `${r.project.title} / ${r.release.title}` };
    }
    if (scope.scopeType === 'branch') {
      const library = await libraries.forCall(auth, scope.libraryId ?? 0, 'read');
      const branch = scope.branch || library.defaultBranch;
      return { stored: { libraryId: library.libraryId, branch }, label: `${library.name} / ${branch}` };
    }
    let documentId = scope.documentId ?? 0;
    let publicationId: number | null = null;
    let label = '';
    if (scope.scopeType === 'publication') {
      const [pub] = await db
        .select()
        .from(ccmsPublication)
        .where(eq(ccmsPublication.publicationId, scope.publicationId ?? 0));
      if (!pub) throw badRequest('report.scopeMissing', { field: 'publicationId', id: scope.publicationId ?? 0 });
      const [doc] = await db
        .select({ documentId: ccmsCatalogDocument.documentId })
        .from(ccmsCatalogDocument)
        .where(and(eq(ccmsCatalogDocument.libraryId, pub.libraryId), eq(ccmsCatalogDocument.branch, pub.branch), eq(ccmsCatalogDocument.path, pub.ditaMap)));
      if (!doc) throw badRequest('report.scopeMissing', { field: 'publicationId', id: pub.publicationId });
      documentId = doc.documentId;
      publicationId = pub.publicationId;
      label = pub.name;
    }
    const [doc] = await db.select().from(ccmsCatalogDocument).where(eq(ccmsCatalogDocument.documentId, documentId));
    if (!doc) throw badRequest('report.scopeMissing', { field: 'documentId', id: documentId });
    await libraries.forCall(auth, doc.libraryId, 'read');
    return { stored: { libraryId: doc.libraryId, branch: doc.branch, documentId: doc.documentId, publicationId }, label: label || doc.name || doc.path };
  }

  /** The library branch a stored report's scope reads (for a release, its project's, as it is now). */
  async function scopeBase(r: ReportRow) {
    if (r.scopeType === 'release' && r.releaseId) {
      const rel = await releaseOf(r.releaseId);
      return { libraryId: rel.libraryId, branch: rel.branch, projectId: rel.project.projectId, release: rel };
    }
    return { libraryId: r.libraryId ?? 0, branch: r.branch, projectId: undefined, release: undefined };
  }

  /** What a stored report's scope covers: its library branch, and its documents when it has them. */
  async function scopeOf(r: ReportRow, base: Awaited<ReturnType<typeof scopeBase>>): Promise<ResolvedScope> {
    if (base.release) return { libraryId: base.libraryId, branch: base.branch, documentIds: await releaseDocuments(base.release) };
    return { libraryId: base.libraryId, branch: base.branch, documentIds: r.documentId ? [r.documentId] : undefined };
  }

  async function load(auth: AuthContext, reportId: number, need: 'read' | 'write') {
    const r = await findReport(db, reportId);
    if (!r) throw notFound('report.notFound', { id: reportId });
    await regulations.forCall(auth, r.regulationId, need);
    return r;
  }

  /**
   * The report's matrix: stored when frozen, else (after flagging changed topics) the computed one
   * of its regulation and scope, reused while nothing it depends on has changed (see matrixStamp).
   * Links in other library branches are flagged when they are read (the link list, their own reports).
   */
  async function matrixOf(r: ReportRow): Promise<StoredMatrix> {
    if (r.frozen && r.matrix) return r.matrix as StoredMatrix;
    const base = await scopeBase(r);
    const key = [r.regulationId, r.scopeType, base.libraryId, base.branch, r.documentId ?? '', r.publicationId ?? '', r.releaseId ?? ''].join('|');
    let stamp = await matrixStamp(db, r.regulationId, base);
    // A topic's catalogue text changes only with a reindex of its branch, which moves the stamp: while
    // the matrix of this stamp is held, its topics were checked for changes when it was computed.
    if (!matrices.has(key, stamp) && (await flagChangedTopics(db, notify, { regulationId: r.regulationId })) > 0) {
      stamp = await matrixStamp(db, r.regulationId, base);
    }
    const { value } = await matrices.get(key, stamp, async () => computeMatrix(db, r.regulationId, await scopeOf(r, base)));
    return value;
  }

  return {
    async list(auth: AuthContext, q: ReportQuery) {
      if (q.regulationId) await regulations.forCall(auth, q.regulationId, 'read');
      const { rows, total } = await listReports(db, readableRegulations(auth, ccmsComplianceReport.regulationId), q);
      return { rows: rows.map(present), total };
    },

    get: async (auth: AuthContext, reportId: number) => present(await load(auth, reportId, 'read')),

    async create(auth: AuthContext, body: ReportBody) {
      await regulations.forCall(auth, body.scope.regulationId, 'write');
      const { stored, label } = await resolve(auth, body.scope);
      const [row] = await db
        .insert(ccmsComplianceReport)
        .values({
          name: body.name,
          regulationId: body.scope.regulationId,
          scopeType: body.scope.scopeType,
          ...stored,
          scopeLabel: label,
          createBy: auth.userName,
        })
        .returning({ reportId: ccmsComplianceReport.reportId });
      return { reportId: row?.reportId ?? 0 };
    },

    /** A page of the matrix with the totals of the whole report. */
    async matrix(auth: AuthContext, reportId: number, q: MatrixQuery): Promise<Matrix> {
      const r = await load(auth, reportId, 'read');
      const m = await matrixOf(r);
      const keyword = q.keyword?.toLowerCase();
      const matching = m.rows.filter(
        (row) =>
          (!q.verdict || row.verdict === q.verdict) && (!keyword || row.number.toLowerCase().includes(keyword) || row.title.toLowerCase().includes(keyword)),
      );
      const start = (q.pageNum - 1) * q.pageSize;
      return { totals: totalsOf(m.rows), rows: matching.slice(start, start + q.pageSize), total: matching.length, frozen: r.frozen, commitNote: m.commitNote };
    },

    /** Stores the figures and evidence now; the report never changes afterwards. */
    async freeze(auth: AuthContext, reportId: number) {
      const r = await load(auth, reportId, 'write');
      if (r.frozen) throw badRequest('report.frozen', { name: r.name });
      const m = await matrixOf(r);
      await db
        .update(ccmsComplianceReport)
        .set({
          frozen: true,
          matrix: m,
          totals: totalsOf(m.rows),
          frozenBy: auth.userName,
          frozenTime: new Date(),
          updateBy: auth.userName,
          updateTime: new Date(),
        })
        .where(and(eq(ccmsComplianceReport.reportId, reportId), eq(ccmsComplianceReport.frozen, false)));
    },

    /** Per clause number, the verdicts of two reports of the same scope. */
    async compare(auth: AuthContext, leftId: number, rightId: number) {
      const left = await load(auth, leftId, 'read');
      const right = await load(auth, rightId, 'read');
      const scopeKey = (r: ReportRow) => [r.scopeType, r.libraryId, r.branch, r.documentId, r.publicationId, r.releaseId].join('|');
      if (scopeKey(left) !== scopeKey(right)) throw badRequest('report.differentScope');
      const [a, b] = [await matrixOf(left), await matrixOf(right)];
      const rightBy = new Map(b.rows.map((r) => [r.number, r]));
      const rows: { number: string; title: string; left: MatrixRow['verdict'] | null; right: MatrixRow['verdict'] | null; changed: boolean }[] = a.rows.map(
        (l) => {
          const r = rightBy.get(l.number);
          rightBy.delete(l.number);
          return { number: l.number, title: l.title, left: l.verdict, right: r?.verdict ?? null, changed: l.verdict !== r?.verdict };
        },
      );
      for (const r of rightBy.values()) rows.push({ number: r.number, title: r.title, left: null, right: r.verdict, changed: true });
      return { left: present(left), right: present(right), rows };
    },

    async exportExcel(auth: AuthContext, reportId: number, lang: Language) {
      const r = await load(auth, reportId, 'read');
      return { name: r.name, buffer: await matrixXlsx((await matrixOf(r)).rows, lang) };
    },

    /** The report with its whole matrix (for the PDF). */
    async full(auth: AuthContext, reportId: number) {
      const r = await load(auth, reportId, 'read');
      const m = await matrixOf(r);
      return { report: present(r), rows: m.rows, totals: totalsOf(m.rows), commitNote: m.commitNote };
    },

    async remove(auth: AuthContext, ids: number[]) {
      for (const id of ids) await load(auth, id, 'write');
      await db.delete(ccmsComplianceReport).where(inArray(ccmsComplianceReport.reportId, ids));
    },
  };
}

export type ReportService = ReturnType<typeof reportService>;
