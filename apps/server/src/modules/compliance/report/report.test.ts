/**
 * Compliance links, verdicts, re-verify flags and reports on a real database, over one regulation and its
 * library.
 * Over 400 lines: one scenario whose steps build on each other (links, verdicts, a frozen report, a new
 * revision); each server test file gets its own database (migrate and seed), so a split would cost suite
 * time and rebuild the scenario.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useGitServer } from '../../../../test/git-server';
import type { Caller, TestApp } from '../../../../test/harness';
import {
  ccmsApprovedRevision,
  ccmsCatalogDocument,
  ccmsCatalogIndex,
  ccmsCatalogTopic,
  ccmsDocumentOutput,
  ccmsProject,
  ccmsRegulationClause,
  ccmsRegulationLink,
  ccmsRelease,
  ccmsReleaseLog,
  sysNotification,
} from '../../../db/schema';
import type { TestUser } from '../../content/content-test-kit';
import { createItem, makeProject, grant as projectGrant } from '../../work/work-item/work-item-test-kit';
import { clausesOf, newRegulation, openComplianceWorld } from '../compliance-test-kit';
import { computeMatrix } from './matrix';

/**
 * Links, their verdicts and re-verify flags, and the reports over them, in order on one regulation
 * (the compliance world: compliance-test-kit.ts).
 */
const remote = useGitServer();
let t: TestApp;
let admin: Caller;
let author: TestUser;
let stranger: TestUser;
let libraryId = 0;
let documentId = 0;
let topicIds: Record<string, number> = {};
beforeAll(async () => {
  ({ t, admin, author, stranger, libraryId, documentId, topicIds } = await openComplianceWorld(remote()));
});
afterAll(async () => {
  await t?.close();
});

/** Approves a topic as the review workflow does: status approved and its approved revision at the indexed commit. */
async function approve(topic: string) {
  const id = topicIds[topic] ?? 0;
  expect((await admin.put(`/prod-api/ccms/topic/${id}/status`, { status: 'underReview' })).body.code).toBe(200);
  expect((await admin.put(`/prod-api/ccms/topic/${id}/status`, { status: 'approved' })).body.code).toBe(200);
  const [index] = await t.database.db
    .select()
    .from(ccmsCatalogIndex)
    .where(and(eq(ccmsCatalogIndex.libraryId, libraryId), eq(ccmsCatalogIndex.branch, 'main')));
  await t.database.db
    .insert(ccmsApprovedRevision)
    .values({ libraryId, branch: 'main', path: `topics/${topic}.dita`, commit: index?.commit ?? '', approvedBy: 'admin' });
}

async function editTopic(topic: string, from: string, to: string) {
  const p = `topics/${topic}.dita`;
  const open = (await admin.get('/prod-api/ccms/topic-editor/open', { libraryId, path: p })).body.data;
  const saved = await admin.put('/prod-api/ccms/topic-editor/save', {
    libraryId,
    path: p,
    content: open.content.replace(from, to),
    baseCommit: open.baseCommit,
    baseBlob: open.baseBlob,
  });
  expect(saved.body.code, saved.raw).toBe(200);
}

describe('links, verdicts, re-verify flags and reports', () => {
  let reg = 0;
  const clause: Record<string, number> = {};
  let reportId = 0;

  beforeAll(async () => {
    reg = await newRegulation(author.caller, 'CS-23', 'Amendment 5');
    await author.caller.post('/prod-api/ccms/regulation/clause/importOutline', {
      regulationId: reg,
      outline: [
        '1 Lights',
        'Navigation lights must work.',
        '2 Manual',
        'A manual must be carried.',
        '3 Limits',
        'Limits must be shown.',
        '4 Seaplanes',
        'Floats.',
        '5 Cargo',
      ].join('\n'),
    });
    for (const c of await clausesOf(t, reg)) clause[c.number] = c.clauseId;
  });

  const link = (body: Record<string, unknown>) => author.caller.post('/prod-api/ccms/regulationRelation', { means: 'MC1', ...body });

  it('links a clause to a document, a topic, a topic element and a requirement; wrong targets are refused', async () => {
    expect((await link({ clauseId: clause['1'], targetType: 'topic', topicId: topicIds.lights, means: 'MC7', comment: 'checked' })).body.code).toBe(200);
    expect((await link({ clauseId: clause['2'], targetType: 'element', topicId: topicIds.manual, elementId: 'p1' })).body.code).toBe(200);
    expect((await link({ clauseId: clause['2'], targetType: 'topic', topicId: topicIds.limits })).body.code).toBe(200);
    expect((await link({ clauseId: clause['3'], targetType: 'document', documentId })).body.code).toBe(200);
    const noElement = await link({ clauseId: clause['2'], targetType: 'element', topicId: topicIds.manual, elementId: 'p9' });
    expect(noElement.body.msg).toBe('Element id: the topic has no element with id "p9"');
    const noTopic = await link({ clauseId: clause['2'], targetType: 'topic' });
    expect(noTopic.body.msg).toBe('Topic is required');
    const twice = await link({ clauseId: clause['1'], targetType: 'topic', topicId: topicIds.lights });
    expect(twice.body.msg).toBe('The clause is already linked to this item');
    const badMeans = await link({ clauseId: clause['1'], targetType: 'document', documentId, means: 'MC10' });
    expect(badMeans.body.code).toBe(400);

    const projectId = await makeProject(t, 'Type certificate');
    await projectGrant(t, projectId, author.userId, 'read');
    const requirement = await createItem(admin, { projectId, workItemType: 'requirement', title: 'Show compliance with CS-23.3' });
    const defect = await createItem(admin, { projectId, workItemType: 'defect', title: 'Broken light', severity: 2 });
    expect((await link({ clauseId: clause['3'], targetType: 'workItem', workItemId: requirement, means: 'MC2' })).body.code).toBe(200);
    expect((await link({ clauseId: clause['3'], targetType: 'workItem', workItemId: defect })).body.msg).toBe(
      `Work item: work item ${defect} is not a requirement`,
    );

    // Shown both ways: the topic lists the clauses it answers.
    const ofTopic = await author.caller.get('/prod-api/ccms/regulationRelation/list', { topicId: topicIds.manual ?? 0 });
    expect(ofTopic.body.rows.map((r: { clauseNumber: string; targetType: string; elementId: string }) => [r.clauseNumber, r.targetType, r.elementId])).toEqual([
      ['2', 'element', 'p1'],
    ]);
    // The topic's where-used includes the clauses linked to it or to its elements.
    const used = (await author.caller.get(`/prod-api/ccms/topic/${topicIds.manual}/references`)).body.data;
    expect(
      used.clauses.map((c: { clauseNumber: string; elementId: string; regulationName: string }) => [c.regulationName, c.clauseNumber, c.elementId]),
    ).toEqual([['CS-23', '2', 'p1']]);
    const usedLights = (await author.caller.get(`/prod-api/ccms/topic/${topicIds.lights}/references`)).body.data;
    expect(usedLights.clauses).toMatchObject([{ clauseNumber: '1', elementId: '', means: 'MC7', flagged: false }]);
    const ofReg = await author.caller.get('/prod-api/ccms/regulationRelation/list', { regulationId: reg });
    expect(ofReg.body.total).toBe(5);
    expect(ofReg.body.rows[0]).toMatchObject({
      clauseNumber: '1',
      means: 'MC7',
      comment: 'checked',
      createBy: 'author',
      targetTitle: 'Topic lights',
      flagged: false,
    });
  });

  it('gives each clause its verdict: covered, partial, not covered and not applicable (justified)', async () => {
    const na = await author.caller.put('/prod-api/ccms/regulation/clause/applicability', { clauseId: clause['4'], notApplicable: true, justification: '' });
    expect(na.body.msg).toBe('Justification is required');
    expect(
      (
        await author.caller.put('/prod-api/ccms/regulation/clause/applicability', {
          clauseId: clause['4'],
          notApplicable: true,
          justification: 'No seaplane variant',
        })
      ).body.code,
    ).toBe(200);
    await approve('lights');
    await approve('manual');
    const created = await author.caller.post('/prod-api/ccms/complianceReport', {
      name: 'AFM vs CS-23',
      scope: { regulationId: reg, scopeType: 'document', documentId },
    });
    expect(created.body.code, created.raw).toBe(200);
    reportId = created.body.data.reportId;
    const m = (await author.caller.get(`/prod-api/ccms/complianceReport/${reportId}/matrix`)).body.data;
    expect(m.rows.map((r: { number: string; verdict: string }) => [r.number, r.verdict])).toEqual([
      ['1', 'covered'],
      ['2', 'partial'],
      ['3', 'partial'],
      ['4', 'notApplicable'],
      ['5', 'notCovered'],
    ]);
    expect(m.totals).toMatchObject({ clauses: 5, covered: 1, partial: 2, notCovered: 1, notApplicable: 1, links: 5, coverage: 25 });
    const lights = m.rows[0].links[0];
    expect(lights).toMatchObject({ status: 'approved', approvedBy: 'admin', approved: true });
    expect(lights.approvedCommit).toMatch(/^[0-9a-f]{40}$/);
    const onlyPartial = (await author.caller.get(`/prod-api/ccms/complianceReport/${reportId}/matrix`, { verdict: 'partial' })).body.data;
    expect(onlyPartial.rows.map((r: { number: string }) => r.number)).toEqual(['2', '3']);
  });

  it('a project release scope: its project library branch until outputs are archived to it, then the archived documents', async () => {
    const verdicts = async (id: number) => {
      const m = (await author.caller.get(`/prod-api/ccms/complianceReport/${id}/matrix`)).body.data;
      return { totals: m.totals, rows: m.rows.map((r: { number: string; verdict: string; links: unknown[] }) => [r.number, r.verdict, r.links.length]) };
    };
    const create = async (name: string, scope: Record<string, unknown>) =>
      author.caller.post('/prod-api/ccms/complianceReport', { name, scope: { regulationId: reg, ...scope } });
    // A topic of the branch outside the manual (a catalogue row, as the indexer writes it) answers clause 5.
    const [loose] = await t.database.db
      .insert(ccmsCatalogTopic)
      .values({ libraryId, branch: 'main', path: 'topics/loose.dita', title: 'Loose topic', body: 'Not in the manual.', hash: 'loose' })
      .returning();
    const looseLink = await author.caller.post('/prod-api/ccms/regulationRelation', {
      clauseId: clause['5'],
      targetType: 'topic',
      topicId: loose?.topicId,
      means: 'MC1',
    });
    expect(looseLink.body.code, looseLink.raw).toBe(200);
    const branchReport = (await create('Whole branch', { scopeType: 'branch', libraryId })).body.data.reportId;
    const byBranch = await verdicts(branchReport);
    const byDocument = await verdicts(reportId);
    // The two scopes differ, so the release scope has something to decide.
    expect(byBranch.rows[4]).toEqual(['5', 'partial', 1]);
    expect(byDocument.rows[4]).toEqual(['5', 'notCovered', 0]);
    // The document's report says clause 5 has a link outside its scope, rather than nothing at all; the branch's report has none outside.
    const documentRows = (await author.caller.get(`/prod-api/ccms/complianceReport/${reportId}/matrix`)).body.data.rows;
    expect(documentRows[4].outOfScope).toEqual([{ targetTitle: 'Loose topic', path: 'topics/loose.dita', branch: 'main' }]);
    expect(documentRows[0].outOfScope).toEqual([]);
    const branchRows = (await author.caller.get(`/prod-api/ccms/complianceReport/${branchReport}/matrix`)).body.data.rows;
    expect(branchRows.every((r: { outOfScope: unknown[] }) => r.outOfScope.length === 0)).toBe(true);

    const projectId = await makeProject(t, 'AFM release project');
    await t.database.db.update(ccmsProject).set({ libraryId, projectBranch: 'main' }).where(eq(ccmsProject.projectId, projectId));
    const [release] = await t.database.db.insert(ccmsRelease).values({ projectId, title: 'Issue 2', createBy: 'admin' }).returning();
    const releaseId = release?.releaseId ?? 0;

    // No project grant: the release is not the author's to report on.
    expect((await create('Release', { scopeType: 'release', releaseId })).body.code).toBe(403);
    await projectGrant(t, projectId, author.userId, 'read');
    expect((await create('Release', { scopeType: 'release' })).body.msg).toBe('Release is required');
    expect((await create('Release', { scopeType: 'release', releaseId: 999999 })).body.msg).toBe('Release: scope item 999999 does not exist');
    const created = await create('Release', { scopeType: 'release', releaseId });
    expect(created.body.code, created.raw).toBe(200);
    const releaseReport = created.body.data.reportId;
    expect((await author.caller.get(`/prod-api/ccms/complianceReport/${releaseReport}`)).body.data).toMatchObject({
      scopeType: 'release',
      releaseId,
      scopeLabel: 'AFM release project / Issue 2',
    });
    // Nothing archived yet: the project's library branch is the content.
    expect(await verdicts(releaseReport)).toEqual(byBranch);

    // The manual's output (as a publish writes it) archived to the release: the release now covers that document only.
    const [doc] = await t.database.db.select().from(ccmsCatalogDocument).where(eq(ccmsCatalogDocument.documentId, documentId));
    const [output] = await t.database.db
      .insert(ccmsDocumentOutput)
      .values({ libraryId, branch: 'main', path: doc?.path ?? '', format: 'pdf', status: 'success', commit: 'a'.repeat(40), createBy: 'admin' })
      .returning();
    const archived = await admin.post('/prod-api/ccms/output/archive', { outputId: output?.outputId, projectId, version: 'Issue 2' });
    expect(archived.body.code, archived.raw).toBe(200);
    expect(await verdicts(releaseReport)).toEqual(byDocument);
    // The log row carries the output's id in its own column, and the scope reads that column, not the text.
    const logId = archived.body.data.logId as number;
    const logRow = async () => (await t.database.db.select().from(ccmsReleaseLog).where(eq(ccmsReleaseLog.logId, logId)))[0];
    const archiveText = (await logRow())?.archive ?? '';
    expect((await logRow())?.outputId).toBe(output?.outputId);
    await t.database.db.update(ccmsReleaseLog).set({ archive: 'renamed by hand' }).where(eq(ccmsReleaseLog.logId, logId));
    expect(await verdicts(releaseReport)).toEqual(byDocument);
    // A row typed by hand whose text names an output is no archived output: the scope is unchanged.
    const typed = await admin.post('/prod-api/ccms/releaseLog', {
      projectId,
      version: 'Issue 2',
      archive: `other.ditamap · default · pdf · output ${output?.outputId} · ${'b'.repeat(12)}`,
      status: 'success',
    });
    expect(typed.body.code, typed.raw).toBe(200);
    const typedRow = await t.database.db
      .select()
      .from(ccmsReleaseLog)
      .where(eq(ccmsReleaseLog.archive, `other.ditamap · default · pdf · output ${output?.outputId} · ${'b'.repeat(12)}`));
    expect(typedRow.map((r) => r.outputId)).toEqual([null]);
    // Rows archived before the column existed: the migration's backfill reads the id from the text.
    await t.database.db.update(ccmsReleaseLog).set({ archive: archiveText, outputId: null }).where(eq(ccmsReleaseLog.logId, logId));
    expect(await verdicts(releaseReport)).toEqual(byBranch);
    const migration = await readFile(path.resolve(import.meta.dirname, '../../../db/migrations/0009_sso_gen_tree_release_output_library_prep.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE "ccms_release_log"')) ?? '';
    expect(backfill).toContain('UPDATE "ccms_release_log"');
    await t.database.db.execute(sql.raw(backfill));
    expect((await logRow())?.outputId).toBe(output?.outputId);
    expect(await verdicts(releaseReport)).toEqual(byDocument);

    // Leave the shared library as it was for the next tests.
    const linkId = (await author.caller.get('/prod-api/ccms/regulationRelation/list', { clauseId: clause['5'] ?? 0 })).body.rows[0].linkId;
    expect((await author.caller.delete(`/prod-api/ccms/regulationRelation/${linkId}`)).body.code).toBe(200);
    await t.database.db.delete(ccmsCatalogTopic).where(eq(ccmsCatalogTopic.topicId, loose?.topicId ?? 0));
  });

  it('serves the matrix from the cache while nothing changes, the same as computed afresh; a change made anywhere is seen at once', async () => {
    const matrix = async (q: Record<string, string | number> = {}) =>
      (await author.caller.get(`/prod-api/ccms/complianceReport/${reportId}/matrix`, q)).body.data;
    const first = await matrix();
    const scope = { libraryId, branch: 'main', documentIds: [documentId] };
    const fresh = await computeMatrix(t.database.db, reg, scope);
    expect(first.rows).toEqual(JSON.parse(JSON.stringify(fresh.rows)));
    expect(first.commitNote).toBe(fresh.commitNote);
    // Paging and filtering are served from the one computed matrix.
    expect((await matrix({ pageSize: 2, pageNum: 2 })).rows.map((r: { number: string }) => r.number)).toEqual(['3', '4']);
    expect((await matrix({ keyword: 'cargo' })).rows.map((r: { number: string }) => r.number)).toEqual(['5']);

    // A change the version stamp does not see (a title rewritten in place, change time kept) is not
    // read again: the matrix came from the cache.
    const L = ccmsRegulationLink;
    const [lightsLink] = await t.database.db
      .select()
      .from(L)
      .where(and(eq(L.regulationId, reg), eq(L.clauseId, clause['1'] ?? 0)));
    await t.database.db
      .update(L)
      .set({ targetTitle: 'Rewritten in place' })
      .where(eq(L.linkId, lightsLink?.linkId ?? 0));
    expect((await matrix()).rows[0].links[0].targetTitle).toBe('Topic lights');

    // A link added (as another node would, straight in the database): the stamp moves and the matrix is computed again.
    const added = await link({ clauseId: clause['5'], targetType: 'element', topicId: topicIds.limits, elementId: 'p1', means: 'MC4' });
    expect(added.body.code, added.raw).toBe(200);
    const after = await matrix();
    expect(after.rows[4]).toMatchObject({ number: '5', links: [{ elementId: 'p1', means: 'MC4', targetTitle: 'Topic limits #p1' }] });
    expect(after.rows[4].verdict).not.toBe('notCovered');
    expect(after.rows[0].links[0].targetTitle).toBe('Rewritten in place');
    expect(after.totals).toMatchObject({ notCovered: 0, links: first.totals.links + 1 });
    expect(after.rows).toEqual(JSON.parse(JSON.stringify((await computeMatrix(t.database.db, reg, scope)).rows)));

    // A verdict (not applicable) and a content status change are seen too.
    await t.database.db
      .update(ccmsRegulationClause)
      .set({ notApplicable: true, justification: 'No cargo', updateTime: new Date() })
      .where(eq(ccmsRegulationClause.clauseId, clause['5'] ?? 0));
    expect((await matrix()).rows[4].verdict).toBe('notApplicable');
    await t.database.db
      .update(ccmsRegulationClause)
      .set({ notApplicable: false, justification: '', updateTime: new Date() })
      .where(eq(ccmsRegulationClause.clauseId, clause['5'] ?? 0));

    // Leave things as they were for the next tests.
    await t.database.db
      .update(L)
      .set({ targetTitle: lightsLink?.targetTitle ?? '' })
      .where(eq(L.linkId, lightsLink?.linkId ?? 0));
    const addedId = (await author.caller.get('/prod-api/ccms/regulationRelation/list', { clauseId: clause['5'] ?? 0 })).body.rows[0].linkId;
    expect((await author.caller.delete(`/prod-api/ccms/regulationRelation/${addedId}`)).body.code).toBe(200);
    const back = await matrix();
    expect(back.rows).toEqual(first.rows);
    expect(back.totals).toEqual(first.totals);
  });

  it('a frozen report keeps its figures after content changes; a topic edited after approval flags its links and tells the owner', async () => {
    const frozen = await author.caller.post('/prod-api/ccms/complianceReport', {
      name: 'Frozen',
      scope: { regulationId: reg, scopeType: 'document', documentId },
    });
    const frozenId = frozen.body.data.reportId;
    expect((await author.caller.put(`/prod-api/ccms/complianceReport/${frozenId}/freeze`)).body.code).toBe(200);
    expect((await author.caller.put(`/prod-api/ccms/complianceReport/${frozenId}/freeze`)).body.msg).toBe(
      'Compliance report "Frozen" is frozen and cannot change',
    );
    const before = (await author.caller.get(`/prod-api/ccms/complianceReport/${frozenId}/matrix`)).body.data;

    await editTopic('lights', 'checked before flight', 'checked before every flight');
    const live = (await author.caller.get(`/prod-api/ccms/complianceReport/${reportId}/matrix`)).body.data;
    expect(live.rows[0]).toMatchObject({ number: '1', verdict: 'partial' });
    expect(live.rows[0].links[0]).toMatchObject({ flagged: true, approved: false });
    const after = (await author.caller.get(`/prod-api/ccms/complianceReport/${frozenId}/matrix`)).body.data;
    expect(after).toEqual(before);
    expect(after.rows[0].verdict).toBe('covered');

    const flagged = (await author.caller.get('/prod-api/ccms/regulationRelation/list', { regulationId: reg, flagged: 'true' })).body.rows;
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({ clauseNumber: '1', flagReason: 'topicChanged' });
    expect(flagged[0].flagDiff).toEqual([
      { type: 'removed', text: 'Topic lights Navigation lights are checked before flight.' },
      { type: 'added', text: 'Topic lights Navigation lights are checked before every flight.' },
    ]);
    const notices = await t.database.db.select().from(sysNotification).where(eq(sysNotification.userId, author.userId));
    expect(notices.map((n) => [n.event, n.params.text])).toEqual([['regulationReverify', 1]]);

    // Verified again: the flag goes.
    expect((await author.caller.put('/prod-api/ccms/regulationRelation/verify', { linkIds: [flagged[0].linkId] })).body.code).toBe(200);
    expect((await author.caller.get('/prod-api/ccms/regulationRelation/list', { regulationId: reg, flagged: 'true' })).body.total).toBe(0);

    const compared = (await author.caller.get('/prod-api/ccms/complianceReport/compare', { left: frozenId, right: reportId })).body.data;
    // Verified again, but the edit made the topic a draft: the live report differs from the frozen one on clause 1 only.
    expect(compared.rows.filter((r: { changed: boolean }) => r.changed)).toEqual([
      { number: '1', title: 'Lights', left: 'covered', right: 'partial', changed: true },
    ]);
    const other = (
      await author.caller.post('/prod-api/ccms/complianceReport', { name: 'Branch', scope: { regulationId: reg, scopeType: 'branch', libraryId } })
    ).body.data.reportId;
    expect((await author.caller.get('/prod-api/ccms/complianceReport/compare', { left: frozenId, right: other })).body.msg).toBe(
      'Only reports of the same scope can be compared',
    );
  });

  it('a new revision with one changed clause flags only that clause’s links, with the text diff', async () => {
    const rev = await author.caller.post('/prod-api/ccms/regulation/revision', { regulationId: reg, revision: 'Amendment 6', issueDate: '2024-02-01' });
    expect(rev.body.code, rev.raw).toBe(200);
    const next = rev.body.data.regulationId;
    expect((await author.caller.get(`/prod-api/ccms/regulation/${reg}`)).body.data.latest).toBe(false);
    expect((await author.caller.get(`/prod-api/ccms/regulation/${next}`)).body.data).toMatchObject({
      previousId: reg,
      latest: true,
      revision: 'Amendment 6',
      clauseCount: 5,
    });
    const again = await author.caller.post('/prod-api/ccms/regulation/revision', { regulationId: reg, revision: 'Amendment 7', issueDate: '2024-02-01' });
    expect(again.body.msg).toBe('Regulation "CS-23" Amendment 5 already has a newer revision');

    const res = await author.caller.post('/prod-api/ccms/regulation/clause/importOutline', {
      regulationId: next,
      outline: ['1 Lights', 'Navigation lights must work.', '2 Manual', 'An approved manual must be carried.', '3 Limits', 'Limits must be shown.'].join('\n'),
    });
    expect(res.body.data).toEqual({ added: 0, updated: 3, flagged: 2 });
    const flagged = (await author.caller.get('/prod-api/ccms/regulationRelation/list', { regulationId: next, flagged: 'true' })).body.rows;
    expect(flagged.map((l: { clauseNumber: string; flagReason: string }) => [l.clauseNumber, l.flagReason])).toEqual([
      ['2', 'clauseChanged'],
      ['2', 'clauseChanged'],
    ]);
    expect(flagged[0].flagDiff).toEqual([
      { type: 'removed', text: 'A manual must be carried.' },
      { type: 'added', text: 'An approved manual must be carried.' },
    ]);
    // The old revision's links are untouched.
    expect((await author.caller.get('/prod-api/ccms/regulationRelation/list', { regulationId: reg, flagged: 'true' })).body.total).toBe(0);
  });

  it('exports the matrix to Excel (a row per clause and link, with filters) and to PDF', async () => {
    const x = await author.caller.post(`/prod-api/ccms/complianceReport/${reportId}/export`);
    expect(x.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.autoFilter).toBeTruthy();
    // Number, verdict, the linked item's title, the means.
    const values = (sheet?.getSheetValues() ?? []).slice(2).map((r) => (Array.isArray(r) ? [r[1], r[3], r[6], r[8]] : []));
    expect(values).toEqual([
      // The edit above made the lights topic a draft again.
      ['1', 'Partial', 'Topic lights', 'MC7'],
      ['2', 'Partial', 'Topic manual #p1', 'MC1'],
      ['2', 'Partial', 'Topic limits', 'MC1'],
      ['3', 'Partial', 'Flight Manual', 'MC1'],
      ['3', 'Partial', 'Show compliance with CS-23.3', 'MC2'],
      ['4', 'Not applicable', '', ''],
      ['5', 'Not covered', '', ''],
    ]);
    // In the caller's language: the verdicts in Chinese for a Chinese caller (the browser's default).
    const zh = await author.caller.request({ method: 'POST', url: `/prod-api/ccms/complianceReport/${reportId}/export`, headers: { 'accept-language': 'zh' } });
    const zhBook = new ExcelJS.Workbook();
    await zhBook.xlsx.load(zh.bytes as unknown as ArrayBuffer);
    const zhValues = (zhBook.worksheets[0]?.getSheetValues() ?? []).slice(2).map((r) => (Array.isArray(r) ? [r[1], r[3], r[6]] : []));
    expect(zhValues).toContainEqual(['2', '部分覆盖', 'Topic manual #p1']);
    expect(zhValues).toContainEqual(['5', '未覆盖', '']);

    const pdf = await author.caller.post(`/prod-api/ccms/complianceReport/${reportId}/pdf`);
    expect(pdf.status, pdf.raw.slice(0, 200)).toBe(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'ccms-report-'));
    try {
      await writeFile(path.join(dir, 'r.pdf'), pdf.bytes);
      const text = execFileSync('/usr/bin/pdftotext', [path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('AFM vs CS-23');
      expect(text).toContain('Topic lights');
      expect(text).toContain('No seaplane variant');
      // Each clause with its title, and the element a link points at.
      for (const title of ['Lights', 'Manual', 'Limits', 'Seaplanes', 'Cargo']) expect(text).toContain(title);
      expect(text).toContain('Topic manual #p1');
      // The cover names the revision and whether the report is live or frozen, with the date; the totals are named in English.
      expect(text).toMatch(/Regulation revision: \S+/);
      expect(text).toMatch(/Live report: computed from the content as of [A-Z][a-z]+ \d{1,2}, \d{4}/);
      for (const label of ['Clauses', 'Links', 'Coverage']) expect(text).toContain(label);
      // A Chinese caller's PDF says all of it in Chinese, the dates as Chinese writes them.
      const zhPdf = await author.caller.request({
        method: 'POST',
        url: `/prod-api/ccms/complianceReport/${reportId}/pdf`,
        headers: { 'accept-language': 'zh' },
      });
      await writeFile(path.join(dir, 'zh.pdf'), zhPdf.bytes);
      const zhText = execFileSync('/usr/bin/pdftotext', [path.join(dir, 'zh.pdf'), '-'], { encoding: 'utf8' });
      expect(zhText).toContain('法规修订版');
      expect(zhText).toMatch(/实时报告：按 \d{4}年\d{1,2}月\d{1,2}日/);
      for (const label of ['条款数', '链接数', '覆盖率', '部分覆盖']) expect(zhText).toContain(label);
      for (const english of ['Clauses', 'Coverage', 'Live report', 'latest commit']) expect(zhText).not.toContain(english);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a user without a grant cannot read the regulation, its links or its reports', async () => {
    expect((await stranger.caller.get('/prod-api/ccms/regulation/list')).body.total).toBe(0);
    expect((await stranger.caller.get(`/prod-api/ccms/regulation/${reg}`)).body).toMatchObject({ code: 403, msg: 'No relevant permissions' });
    expect((await stranger.caller.get('/prod-api/ccms/regulation/clause/list', { regulationId: reg })).body.code).toBe(403);
    expect((await stranger.caller.get('/prod-api/ccms/regulationRelation/list', { regulationId: reg })).body.code).toBe(403);
    expect((await stranger.caller.get('/prod-api/ccms/regulationRelation/list', { topicId: topicIds.manual ?? 0 })).body.total).toBe(0);
    // The topic (library readable) shows them no clause of the regulation they may not read.
    const strangerUse = await stranger.caller.get(`/prod-api/ccms/topic/${topicIds.manual}/references`);
    expect(strangerUse.body.code, strangerUse.raw).toBe(200);
    expect(strangerUse.body.data.clauses).toEqual([]);
    expect((await stranger.caller.get('/prod-api/ccms/complianceReport/list')).body.total).toBe(0);
    expect((await stranger.caller.get(`/prod-api/ccms/complianceReport/${reportId}/matrix`)).body.code).toBe(403);
    expect((await stranger.caller.post(`/prod-api/ccms/complianceReport/${reportId}/export`)).body.code).toBe(403);
    const linksBefore = await t.database.db.select().from(ccmsRegulationLink);
    expect(
      (await stranger.caller.post('/prod-api/ccms/regulationRelation', { clauseId: clause['5'], targetType: 'topic', topicId: topicIds.limits, means: 'MC0' }))
        .body.code,
    ).toBe(403);
    expect(await t.database.db.select().from(ccmsRegulationLink)).toHaveLength(linksBefore.length);

    // A read grant lets them read, not write.
    expect(
      (await author.caller.post('/prod-api/ccms/regulation/permission', { regulationId: reg, granteeType: 'user', granteeId: stranger.userId, level: 'read' }))
        .body.code,
    ).toBe(200);
    expect((await stranger.caller.get(`/prod-api/ccms/complianceReport/${reportId}/matrix`)).body.code).toBe(200);
    expect(
      (await stranger.caller.post('/prod-api/ccms/regulationRelation', { clauseId: clause['5'], targetType: 'topic', topicId: topicIds.limits, means: 'MC0' }))
        .body.code,
    ).toBe(403);
  });
});
