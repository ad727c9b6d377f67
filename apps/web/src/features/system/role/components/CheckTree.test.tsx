import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { CheckTree } from './CheckTree';

const tree = [
  {
    id: 1,
    label: 'System',
    children: [
      {
        id: 104,
        label: 'Posts',
        children: [
          { id: 1020, label: 'Query post' },
          { id: 1021, label: 'Add post' },
        ],
      },
    ],
  },
];

function Harness({ onChange, initial = [] }: { onChange: (keys: number[]) => void; initial?: number[] }) {
  const [checked, setChecked] = useState<number[]>(initial);
  const [linked, setLinked] = useState(true);
  return (
    <CheckTree
      label="Menus"
      treeData={tree}
      checked={checked}
      onChange={(keys) => {
        setChecked(keys);
        onChange(keys);
      }}
      linked={linked}
      onLinkedChange={setLinked}
    />
  );
}

const checkboxOf = (title: string) => {
  const node = screen.getByText(title).closest('.ant-tree-treenode');
  const box = node?.querySelector('.ant-tree-checkbox');
  if (!box) throw new Error(`no checkbox for ${title}`);
  return box;
};

beforeAll(async () => {
  await i18n.loadNamespaces(['role']);
});

describe('<CheckTree>', () => {
  it('expands all, ticks a branch when linked, shows ancestors half ticked, and ticks all', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByText('Expand/collapse'));
    fireEvent.click(checkboxOf('Query post'));
    expect(onChange).toHaveBeenLastCalledWith([1020]);
    expect(checkboxOf('Posts').className).toContain('indeterminate');
    expect(checkboxOf('System').className).toContain('indeterminate');
    fireEvent.click(checkboxOf('Posts'));
    expect(onChange).toHaveBeenLastCalledWith([1, 104, 1020, 1021]);
    fireEvent.click(screen.getByText('Select all/none'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    fireEvent.click(screen.getByText('Select all/none'));
    expect(onChange).toHaveBeenLastCalledWith([1, 104, 1020, 1021]);
  });

  it('without linkage a tick changes only its own node', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByText('Expand/collapse'));
    fireEvent.click(screen.getByText('Link parent and children'));
    fireEvent.click(checkboxOf('Posts'));
    expect(onChange).toHaveBeenLastCalledWith([104]);
    expect(checkboxOf('System').className).not.toContain('indeterminate');
  });
});
