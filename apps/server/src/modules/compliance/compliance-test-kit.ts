import path from 'node:path';
import { ComplianceReportPerm } from '@ccms/contracts/compliance/compliance-report';
import { RegulationPerm, RegulationRelationPerm } from '@ccms/contracts/compliance/regulation';
import { TopicEditorPerm } from '@ccms/contracts/content/topic-editor';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { GitServer } from '../../../test/git-server';
import { type Caller, createTestApp, type TestApp } from '../../../test/harness';
import { ccmsRegulationClause } from '../../db/schema';
import { allowLoopbackRemotes, grant, libraryBody, type TestUser, userWith } from '../content/content-test-kit';

/**
 * The compliance tests' world: an app with the "afm" library (a map of three concept topics) on
 * a test git remote, an author who may write it and a stranger who may only read it, both with
 * every compliance right. Each test file opens its own.
 */
const PERMS = [
  ...Object.values(RegulationPerm),
  ...Object.values(RegulationRelationPerm),
  ...Object.values(ComplianceReportPerm),
  'ccms:library:list',
  'ccms:library:query',
  'ccms:topic:list',
  'ccms:topic:query',
  'ccms:topic:edit',
  'ccms:document:list',
  TopicEditorPerm.open,
  TopicEditorPerm.edit,
];

const TOPICS = ['lights', 'manual', 'limits'];
const concept = (id: string, text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">
<concept id="${id}">
  <title>Topic ${id}</title>
  <conbody>
    <p id="p1">${text}</p>
  </conbody>
</concept>
`;
const MAP = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
<map><title>Flight Manual</title>
${TOPICS.map((id) => `  <topicref href="../topics/${id}.dita"/>`).join('\n')}
</map>
`;

export interface ComplianceWorld {
  t: TestApp;
  admin: Caller;
  author: TestUser;
  stranger: TestUser;
  libraryId: number;
  documentId: number;
  /** Topic ids by file name (lights, manual, limits). */
  topicIds: Record<string, number>;
}

export async function openComplianceWorld(remote: GitServer): Promise<ComplianceWorld> {
  const t = await createTestApp();
  await allowLoopbackRemotes(t);
  await remote.createRepo('afm', {
    files: {
      'maps/afm.ditamap': MAP,
      'topics/lights.dita': concept('lights', 'Navigation lights are checked before flight.'),
      'topics/manual.dita': concept('manual', 'The flight manual is carried on board.'),
      'topics/limits.dita': concept('limits', 'Operating limits are shown in section 2.'),
    },
  });
  const admin = await t.login();
  const author = await userWith(t, 'author', PERMS);
  const stranger = await userWith(t, 'stranger', PERMS);
  const libraryId = (await admin.post('/prod-api/ccms/library', libraryBody('afm', remote.url('afm')))).body.data.libraryId;
  await grant(t, libraryId, 'user', author.userId, 'write');
  await grant(t, libraryId, 'user', stranger.userId, 'read');
  const topicIds: Record<string, number> = {};
  const topics = await admin.get('/prod-api/ccms/topic/list', { libraryId });
  for (const row of topics.body.rows as { topicId: number; path: string }[]) topicIds[path.basename(row.path, '.dita')] = row.topicId;
  expect(Object.keys(topicIds).sort()).toEqual([...TOPICS].sort());
  const docs = await admin.get('/prod-api/ccms/document/list', { libraryId });
  const documentId = docs.body.rows[0].documentId;
  return { t, admin, author, stranger, libraryId, documentId, topicIds };
}

/** The clauses of a regulation as stored. */
export const clausesOf = (t: TestApp, regulationId: number) =>
  t.database.db.select().from(ccmsRegulationClause).where(eq(ccmsRegulationClause.regulationId, regulationId));

/** A new regulation (CS-25's title and issue date) by `caller`: its id. */
export async function newRegulation(caller: Caller, name: string, revision = 'Amendment 27') {
  const res = await caller.post('/prod-api/ccms/regulation', {
    name,
    title: 'Certification Specifications for Large Aeroplanes',
    organization: 'EASA',
    revision,
    issueDate: '2023-01-24',
    description: 'CS-25',
  });
  expect(res.body.code, res.raw).toBe(200);
  return res.body.data.regulationId as number;
}
