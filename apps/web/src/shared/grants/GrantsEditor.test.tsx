import { LIBRARY_LEVELS } from '@ccms/contracts/content/library';
import type { Abilities } from '@ccms/contracts/grants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { useSession } from '../../state/session-store';
import { type GrantRow, GrantsEditor } from './GrantsEditor';

beforeAll(async () => {
  await i18n.loadNamespaces(['library']);
});
beforeEach(() => useSession.setState({ roles: ['editor'], permissions: ['ccms:library:edit'] }));

const rows: GrantRow[] = [
  { grantId: 1, granteeType: 'user', granteeName: 'alice', level: 'owner', createBy: 'admin', createTime: null },
  { grantId: 2, granteeType: 'role', granteeName: 'writers', level: 'write', createBy: 'admin', createTime: null },
];
const none: Abilities = { read: false, publish: false, write: false, configure: false, remove: false, grantOwner: false };

function editor(abilities: Abilities) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <GrantsEditor
          ns="library"
          formName="grant-form"
          levels={LIBRARY_LEVELS}
          defaultGranteeType="all"
          editPerm="ccms:library:edit"
          abilities={abilities}
          source={{
            grantsKey: ['grants'],
            grants: () => Promise.resolve(rows),
            usersKey: () => ['users'],
            users: () => Promise.resolve([]),
            rolesKey: ['roles'],
            roles: () => Promise.resolve([]),
            add: vi.fn(),
            remove: vi.fn(),
          }}
        />
      </App>
    </QueryClientProvider>,
  );
}

/** The delete buttons per grantee name, once the grants loaded. */
async function deletable() {
  await screen.findByText('alice');
  return ['alice', 'writers'].filter((name) => {
    const row = screen.getByText(name).closest('tr');
    return !!row && within(row).queryByRole('button', { name: /Delete/ }) !== null;
  });
}

/** The level options the add form offers. */
async function offeredLevels() {
  const level = document.querySelector('#grant-form_level');
  if (!level) throw new Error('no level select');
  fireEvent.mouseDown(level);
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
}

describe('<GrantsEditor>', { timeout: 30_000 }, () => {
  it('only lists the grants to a caller who may not configure', async () => {
    editor({ ...none, read: true, write: true });
    expect(await deletable()).toEqual([]);
    expect(screen.queryByRole('button', { name: /Add grant/ })).toBeNull();
  });

  it('lets an admin add and remove grants below owner, never the owner level or an owner grant', async () => {
    editor({ read: true, publish: true, write: true, configure: true, remove: true, grantOwner: false });
    expect(await deletable()).toEqual(['writers']);
    expect(await offeredLevels()).toEqual(['Admin', 'Write', 'Publish', 'Read']);
  });

  it('lets whoever may hand out ownership touch owner grants too', async () => {
    editor({ read: true, publish: true, write: true, configure: true, remove: true, grantOwner: true });
    expect(await deletable()).toEqual(['alice', 'writers']);
    expect(await offeredLevels()).toEqual(['Admin', 'Owner', 'Write', 'Publish', 'Read']);
  });
});
