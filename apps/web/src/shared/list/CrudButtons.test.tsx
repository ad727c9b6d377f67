import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { useSession } from '../../state/session-store';
import { CrudButtons, CrudLinks } from './CrudButtons';

interface Row {
  id: number;
  admin?: boolean;
}

const grant = (permissions: string[]) => useSession.setState({ roles: ['editor'], permissions });
const button = (key: 'add' | 'edit' | 'delete' | 'export') =>
  screen.queryByRole('button', { name: new RegExp(i18n.t(`common:${key}`)) }) as HTMLButtonElement | null;
const disabled = (key: 'edit' | 'delete') => button(key)?.disabled;

beforeEach(() => grant(['x:add', 'x:edit', 'x:remove', 'x:export']));

function toolbar(selected: Row[], handlers = { add: vi.fn(), edit: vi.fn(), remove: vi.fn(), exp: vi.fn() }) {
  render(
    <CrudButtons<Row>
      selected={selected}
      add={{ perm: 'x:add', onClick: handlers.add }}
      edit={{ perm: 'x:edit', onClick: handlers.edit, disabled: (r) => r.admin === true }}
      remove={{ perm: 'x:remove', onClick: handlers.remove }}
      export={{ perm: 'x:export', onClick: handlers.exp }}
    >
      <button type="button">extra</button>
    </CrudButtons>,
  );
  return handlers;
}

describe('<CrudButtons>', () => {
  it('shows add, edit, delete, the extras and export in that order', () => {
    toolbar([]);
    expect(screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(
      [i18n.t('common:add'), i18n.t('common:edit'), i18n.t('common:delete'), 'extra', i18n.t('common:export')].map((s) => s.replace(/\s/g, '')),
    );
  });

  it('edits exactly one selected row and deletes the selection', () => {
    const none = toolbar([]);
    expect(disabled('edit')).toBe(true);
    expect(disabled('delete')).toBe(true);
    fireEvent.click(button('add') as HTMLElement);
    fireEvent.click(button('export') as HTMLElement);
    expect(none.add).toHaveBeenCalledOnce();
    expect(none.exp).toHaveBeenCalledOnce();
  });

  it('passes the row to edit and the rows to delete; refuses rows the screen refuses', () => {
    const one = toolbar([{ id: 7 }]);
    fireEvent.click(button('edit') as HTMLElement);
    fireEvent.click(button('delete') as HTMLElement);
    expect(one.edit).toHaveBeenCalledWith({ id: 7 });
    expect(one.remove).toHaveBeenCalledWith([{ id: 7 }]);
  });

  it('disables edit for two rows', () => {
    toolbar([{ id: 1 }, { id: 2 }]);
    expect(disabled('edit')).toBe(true);
    expect(disabled('delete')).toBe(false);
  });

  it('disables edit for a row the screen refuses', () => {
    toolbar([{ id: 1, admin: true }]);
    expect(disabled('edit')).toBe(true);
  });

  it('hides what the caller may not do', () => {
    grant(['x:export']);
    toolbar([{ id: 1 }]);
    expect(button('add')).toBeNull();
    expect(button('edit')).toBeNull();
    expect(button('delete')).toBeNull();
    expect(button('export')).not.toBeNull();
  });
});

describe('<CrudLinks>', () => {
  it('edits and deletes its own row, with the permission only', () => {
    const edit = vi.fn();
    const remove = vi.fn();
    render(
      <CrudLinks<Row> row={{ id: 3 }} edit={{ perm: 'x:edit', onClick: edit }} remove={{ perm: 'x:nope', onClick: remove }}>
        <span>more</span>
      </CrudLinks>,
    );
    fireEvent.click(button('edit') as HTMLElement);
    expect(edit).toHaveBeenCalledWith({ id: 3 });
    expect(button('delete')).toBeNull();
    expect(screen.getByText('more')).toBeTruthy();
  });
});
