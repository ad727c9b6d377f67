import type { TreeOption } from '@ccms/contracts/system/menu';
import { describe, expect, it } from 'vitest';
import { groupByActivity, groupState } from './activity-rights';

/** A piece of the seeded menu tree as the server answers it (labels in English, perms on the rights). */
const tree: TreeOption[] = [
  {
    id: 2100,
    label: 'Content Manager',
    children: [
      {
        id: 2105,
        label: 'Topics',
        perms: 'ccms:topic:list',
        children: [
          { id: 3070, label: 'Query topic', perms: 'ccms:topic:query' },
          { id: 3072, label: 'Edit topic', perms: 'ccms:topic:edit' },
        ],
      },
      { id: 2110, label: 'Publications', perms: 'ccms:publication:list', children: [{ id: 3194, label: 'Publish', perms: 'ccms:publication:publish' }] },
      { id: 2108, label: 'Topic Editor' },
    ],
  },
  {
    id: 2400,
    label: 'Work',
    children: [{ id: 2424, label: 'Workflow', perms: 'ccms:workflow:query', children: [{ id: 3320, label: 'Act on workflow', perms: 'ccms:workflow:act' }] }],
  },
  { id: 2000, label: 'Compliance', children: [{ id: 2001, label: 'Regulations', perms: 'ccms:regulation:list' }] },
  {
    id: 1,
    label: 'System',
    children: [{ id: 100, label: 'Users', perms: 'system:user:list', children: [{ id: 1006, label: 'Reset password', perms: 'system:user:resetPwd' }] }],
  },
];

const shape = (groups: ReturnType<typeof groupByActivity>) => Object.fromEntries(groups.map((g) => [g.key, g.rights.map((r) => `${r.parent} › ${r.label}`)]));

describe('groupByActivity', () => {
  it('groups the rights by what a person does, each under its page, the rest last; structure is no right', () => {
    expect(shape(groupByActivity(tree))).toEqual({
      read: ['Content Manager › Topics', 'Topics › Query topic', 'Content Manager › Publications'],
      write: ['Topics › Edit topic', 'Work › Workflow', 'Workflow › Act on workflow'],
      review: ['Work › Workflow', 'Workflow › Act on workflow'],
      translate: ['Work › Workflow', 'Workflow › Act on workflow'],
      publish: ['Content Manager › Publications', 'Publications › Publish'],
      plan: ['Work › Workflow', 'Workflow › Act on workflow'],
      administer: ['System › Users', 'Users › Reset password'],
      other: ['Compliance › Regulations'],
    });
    expect(groupByActivity(tree).map((g) => g.key)).toEqual(['read', 'write', 'review', 'translate', 'publish', 'plan', 'administer', 'other']);
  });

  it('keeps one menu id for a right in several activities, so one tick shows in each', () => {
    const groups = groupByActivity(tree);
    const act = groups.filter((g) => g.rights.some((r) => r.id === 3320)).map((g) => g.key);
    expect(act).toEqual(['write', 'review', 'translate', 'plan']);
    const review = groups.find((g) => g.key === 'review');
    if (!review) throw new Error('review group expected');
    expect(groupState(review, [])).toBe('none');
    expect(groupState(review, [3320])).toBe('some');
    expect(groupState(review, [2424, 3320, 2400])).toBe('all');
  });

  it('is empty for a tree without rights (a department tree)', () => {
    expect(groupByActivity([{ id: 100, label: 'CCMS', children: [{ id: 101, label: 'Writers' }] }])).toEqual([]);
  });
});
