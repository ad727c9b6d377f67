import { expect } from 'vitest';
import type { Caller } from '../../../../test/harness';

/** Every permission string of the project, category, release, plan and task screens. */
export const WORK_PERMS = [
  'ccms:project:list',
  'ccms:project:query',
  'ccms:project:add',
  'ccms:project:edit',
  'ccms:project:remove',
  'ccms:project:export',
  'ccms:projectCategory:list',
  'ccms:projectCategory:query',
  'ccms:projectCategory:add',
  'ccms:projectCategory:edit',
  'ccms:projectCategory:remove',
  'ccms:release:list',
  'ccms:release:query',
  'ccms:release:add',
  'ccms:release:edit',
  'ccms:release:remove',
  'ccms:release:export',
  'ccms:plan:list',
  'ccms:plan:query',
  'ccms:plan:add',
  'ccms:plan:edit',
  'ccms:plan:remove',
  'ccms:plan:export',
  'ccms:task:list',
  'ccms:task:query',
  'ccms:task:add',
  'ccms:task:edit',
  'ccms:task:remove',
  'ccms:task:export',
  'ccms:myTask:list',
];

/** A valid project body; fields can be overridden. */
export function projectBody(title: string, extra: Record<string, unknown> = {}) {
  return { title, name: title.slice(0, 10), version: '1.0', sourceBranch: 'main', useOriginBranch: true, ...extra };
}

/** Creates a project through the API and returns its id. */
export async function createProject(caller: Caller, title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await caller.post('/prod-api/ccms/project', projectBody(title, extra));
  expect(res.body, res.raw).toMatchObject({ code: 200 });
  return res.body.data.id as number;
}

/** Creates a row through a POST returning { id } and returns the id. */
export async function created(caller: Caller, url: string, body: Record<string, unknown>): Promise<number> {
  const res = await caller.post(url, body);
  expect(res.body, res.raw).toMatchObject({ code: 200 });
  return res.body.data.id as number;
}
