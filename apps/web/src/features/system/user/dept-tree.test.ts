import { describe, expect, it } from 'vitest';
import { filterTree } from './components/DeptTreePanel';

const tree = [
  {
    id: 100,
    label: 'CCMS',
    children: [
      { id: 101, label: '技术出版部', children: [{ id: 103, label: '写作组' }] },
      { id: 102, label: 'Engineering', children: [{ id: 106, label: 'Airworthiness' }] },
    ],
  },
];

describe('department filter', () => {
  it('keeps matching nodes with the path to them, ignoring case', () => {
    expect(filterTree(tree, 'airworth')).toEqual([
      { id: 100, label: 'CCMS', children: [{ id: 102, label: 'Engineering', children: [{ id: 106, label: 'Airworthiness', children: [] }] }] },
    ]);
    expect(filterTree(tree, '写作')[0]?.children?.[0]?.children?.[0]?.label).toBe('写作组');
  });

  it('an empty filter keeps everything; no match keeps nothing', () => {
    expect(filterTree(tree, '  ')).toEqual(tree);
    expect(filterTree(tree, 'zzz')).toEqual([]);
  });
});
