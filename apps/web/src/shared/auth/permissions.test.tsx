import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../state/session-store';
import { HasPermi, HasRole } from './HasPermi';
import { hasPermi, hasPermiAnd, hasPermiOr, hasRole, hasRoleAnd, hasRoleOr } from './permissions';

const grant = (roles: string[], permissions: string[]) => useSession.setState({ roles, permissions });

beforeEach(() => grant(['editor'], ['system:user:list', 'system:user:add']));

describe('permission helpers (spec section 6)', () => {
  it('check one permission, any of several, or all of several', () => {
    expect(hasPermi('system:user:add')).toBe(true);
    expect(hasPermi('system:user:remove')).toBe(false);
    expect(hasPermiOr(['system:user:remove', 'system:user:add'])).toBe(true);
    expect(hasPermiOr(['system:user:remove'])).toBe(false);
    expect(hasPermiAnd(['system:user:list', 'system:user:add'])).toBe(true);
    expect(hasPermiAnd(['system:user:list', 'system:user:remove'])).toBe(false);
  });

  it('check roles the same way', () => {
    expect(hasRole('editor')).toBe(true);
    expect(hasRole('auditor')).toBe(false);
    expect(hasRoleOr(['auditor', 'editor'])).toBe(true);
    expect(hasRoleAnd(['auditor', 'editor'])).toBe(false);
  });

  it('*:*:* passes every permission check; role admin passes every check', () => {
    grant(['common'], ['*:*:*']);
    expect(hasPermiAnd(['a:b:c', 'x:y:z'])).toBe(true);
    expect(hasRole('auditor')).toBe(false);
    grant(['admin'], []);
    expect(hasRoleAnd(['auditor', 'editor'])).toBe(true);
    expect(hasPermi('a:b:c')).toBe(true);
  });

  it('throw the spec errors when not given an array', () => {
    const notArray = 'system:user:add' as unknown as string[];
    expect(() => hasPermiOr(notArray)).toThrow('Please set the operation permission tag value');
    expect(() => hasPermiAnd([])).toThrow('Please set the operation permission tag value');
    expect(() => hasRoleOr(notArray)).toThrow('Please set the role permission tag value');
    expect(() => hasRoleAnd([])).toThrow('Please set the role permission tag value');
  });
});

describe('<HasPermi> and <HasRole>', () => {
  it('render their children only with the right', () => {
    render(
      <>
        <HasPermi value={['system:user:add']}>
          <button type="button">Add</button>
        </HasPermi>
        <HasPermi value={['system:user:remove']}>
          <button type="button">Delete</button>
        </HasPermi>
        <HasRole value={['editor']}>
          <span>editor tools</span>
        </HasRole>
        <HasRole value={['auditor']}>
          <span>audit tools</span>
        </HasRole>
      </>,
    );
    expect(screen.getByText('Add')).toBeTruthy();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(screen.getByText('editor tools')).toBeTruthy();
    expect(screen.queryByText('audit tools')).toBeNull();
  });

  it('follow the session: gaining a permission shows the element', async () => {
    const { rerender } = render(
      <HasPermi value={['system:user:remove']}>
        <button type="button">Delete</button>
      </HasPermi>,
    );
    expect(screen.queryByText('Delete')).toBeNull();
    grant(['editor'], ['system:user:remove']);
    rerender(
      <HasPermi value={['system:user:remove']}>
        <button type="button">Delete</button>
      </HasPermi>,
    );
    expect(await screen.findByText('Delete')).toBeTruthy();
  });

  it('throw when given no array', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<HasPermi value={[]}>x</HasPermi>)).toThrow('Please set the operation permission tag value');
    expect(() => render(<HasRole value={[]}>x</HasRole>)).toThrow('Please set the role permission tag value');
  });
});
