import { describe, expect, it } from 'vitest';
import { halfChecked, indexTree, keysToSave, toggleNode } from './check-tree';

// System(1) > Posts(104) > query(1020), add(1021); System(1) > Users(100); Home(2)
const tree = [
  {
    id: 1,
    label: 'System',
    children: [
      {
        id: 104,
        label: 'Posts',
        children: [
          { id: 1020, label: 'Query' },
          { id: 1021, label: 'Add' },
        ],
      },
      { id: 100, label: 'Users' },
    ],
  },
  { id: 2, label: 'Home' },
];
const index = indexTree(tree);

describe('role tick logic', () => {
  it('indexes every node in tree order', () => {
    expect(index.all).toEqual([1, 104, 1020, 1021, 100, 2]);
    expect(index.parent.get(1020)).toBe(104);
    expect(index.children.get(1)).toEqual([104, 100]);
  });

  it('linked: ticking a node ticks its branch, and an ancestor once all its children are', () => {
    expect(toggleNode([], 104, true, true, index)).toEqual([104, 1020, 1021]);
    expect(toggleNode([104, 1020, 1021], 100, true, true, index)).toEqual([1, 104, 1020, 1021, 100]);
    expect(toggleNode([1, 104, 1020, 1021, 100], 1021, false, true, index)).toEqual([1020, 100]);
  });

  it('unlinked: only the node changes', () => {
    expect(toggleNode([], 104, true, false, index)).toEqual([104]);
    expect(toggleNode([1, 104], 1, false, false, index)).toEqual([104]);
  });

  it('half ticks the unticked ancestors of a ticked node, only when linked', () => {
    expect(halfChecked([1020], true, index)).toEqual([1, 104]);
    expect(halfChecked([1020], false, index)).toEqual([]);
  });

  it('a linked save adds the half-ticked ancestors so the directory and page open', () => {
    expect(keysToSave([1020], true, index)).toEqual([1, 104, 1020]);
    expect(keysToSave([1020], false, index)).toEqual([1020]);
  });

  it('a loaded page whose buttons are not granted stays ticked alone', () => {
    // The server sends 104 without 1020/1021: nothing conducts down on load.
    expect(halfChecked([104], true, index)).toEqual([1]);
    expect(keysToSave([104], true, index)).toEqual([1, 104]);
  });
});
