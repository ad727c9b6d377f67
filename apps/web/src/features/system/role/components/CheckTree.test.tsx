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

const menuTree = [
  {
    id: 2400,
    label: 'Work',
    children: [{ id: 2424, label: 'Workflow', perms: 'ccms:workflow:query', children: [{ id: 3320, label: 'Act on workflow', perms: 'ccms:workflow:act' }] }],
  },
  {
    id: 1,
    label: 'System',
    children: [{ id: 100, label: 'Users', perms: 'system:user:list', children: [{ id: 1006, label: 'Reset password', perms: 'system:user:resetPwd' }] }],
  },
];

function ActivityHarness({ onChange }: { onChange: (keys: number[]) => void }) {
  const [checked, setChecked] = useState<number[]>([]);
  return (
    <CheckTree
      label="Menus"
      treeData={menuTree}
      checked={checked}
      onChange={(keys) => {
        setChecked(keys);
        onChange(keys);
      }}
      linked
      onLinkedChange={() => undefined}
      byActivity
    />
  );
}

describe('CheckTree by activity', { timeout: 40_000 }, () => {
  it('opens on the rights grouped by activity; a group ticks its rights (and the linked tree ticks their directory)', () => {
    const onChange = vi.fn();
    render(<ActivityHarness onChange={onChange} />);
    const review = screen.getByRole('region', { name: 'Review' });
    // Groups open on demand (the dialog opens at once); their head counts the ticked rights.
    expect(review.textContent).not.toContain('Work › Workflow');
    fireEvent.click(screen.getByRole('button', { name: 'Show the rights of Review' }));
    expect(review.textContent).toContain('Work › Workflow');
    expect(review.textContent).toContain('Workflow › Act on workflow');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Review/ }));
    expect(onChange).toHaveBeenLastCalledWith([2400, 2424, 3320]);
    // The same menus show ticked in every group holding them.
    expect(review.textContent).toContain('2/2');
    fireEvent.click(screen.getByRole('button', { name: 'Show the rights of Write topics' }));
    const write = screen.getByRole('region', { name: 'Write topics' });
    expect([...write.querySelectorAll('input[type=checkbox]')].every((c) => (c as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(screen.getByText('Expand/collapse'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Reset password/ }));
    expect(onChange).toHaveBeenLastCalledWith([2400, 2424, 3320, 1, 100, 1006]);
  });

  it('switches to the menu tree and back', () => {
    render(<ActivityHarness onChange={() => undefined} />);
    fireEvent.click(screen.getByText('By menu'));
    expect(screen.getByText('Expand/collapse')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Review' })).toBeNull();
    fireEvent.click(screen.getByText('By activity'));
    expect(screen.getByRole('region', { name: 'Review' })).toBeTruthy();
  });
});
