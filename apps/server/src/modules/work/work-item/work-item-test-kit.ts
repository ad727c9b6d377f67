import { eq } from 'drizzle-orm';
import type { Caller, TestApp } from '../../../../test/harness';
import { ccmsProject, ccmsProjectGrant, sysUser } from '../../../db/schema';

/** Every work item and release log permission string. */
export const WORK_ITEM_PERMS = [
  'ccms:workitem:list',
  'ccms:workitem:query',
  'ccms:workitem:add',
  'ccms:workitem:edit',
  'ccms:workitem:remove',
  'ccms:workitem:export',
  'ccms:releaseLog:list',
  'ccms:releaseLog:query',
  'ccms:releaseLog:add',
  'ccms:releaseLog:edit',
  'ccms:releaseLog:remove',
  'ccms:releaseLog:export',
];

/** A project row made directly (the project API belongs to its own module). */
export async function makeProject(t: TestApp, title: string, opts: { secrecy?: boolean; isPublic?: boolean; ownerId?: number; status?: string } = {}) {
  const [row] = await t.database.db
    .insert(ccmsProject)
    .values({ title, name: title.toLowerCase().replace(/\W+/g, '_').slice(0, 60), version: '1.0', projectBranch: 'main', createBy: 'admin', ...opts })
    .returning({ projectId: ccmsProject.projectId });
  if (!row) throw new Error('project not created');
  return row.projectId;
}

export async function grant(t: TestApp, projectId: number, userId: number, level: 'admin' | 'owner' | 'write' | 'read') {
  await t.database.db.insert(ccmsProjectGrant).values({ projectId, granteeType: 'user', granteeId: userId, level });
}

export async function userIdOf(t: TestApp, userName: string): Promise<number> {
  const [row] = await t.database.db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, userName));
  if (!row) throw new Error(`no user ${userName}`);
  return row.userId;
}

/** Creates a work item and answers its id (fails the test on anything but 200). */
export async function createItem(caller: Caller, body: Record<string, unknown>): Promise<number> {
  const res = await caller.post('/prod-api/ccms/workitem', body);
  if (res.body?.code !== 200) throw new Error(`create failed: ${res.raw}`);
  return res.body.data.workItemId;
}

/** A multipart/form-data body with one file in field "file", as a browser would send it. */
export function multipartFile(filename: string, content: string | Buffer) {
  const boundary = '----ccmsWorkItemBoundary9f3k2';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
