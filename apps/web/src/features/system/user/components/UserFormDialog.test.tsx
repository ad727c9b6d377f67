import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { UserFormDialog } from './UserFormDialog';

const user = (version: number, nickName: string) => ({
  userId: 7,
  deptId: 103,
  userName: 'writer',
  nickName,
  email: '',
  phonenumber: '',
  sex: '1',
  avatar: '',
  status: '0',
  loginIp: '',
  loginDate: null,
  createBy: 'admin',
  createTime: null,
  updateBy: '',
  updateTime: null,
  remark: '',
  version,
  dept: null,
  admin: false,
});

const roles = [
  {
    roleId: 2,
    roleName: 'Common',
    roleKey: 'common',
    roleSort: 2,
    dataScope: '2',
    menuCheckStrictly: true,
    deptCheckStrictly: true,
    status: '0',
    remark: '',
    createBy: '',
    createTime: null,
    admin: false,
  },
];

/** Dictionary calls of the dialog (sexes, statuses) answer empty lists. */
const isDict = (config: InternalAxiosRequestConfig) => (config.url ?? '').startsWith('/system/dict/data/type/');
const noDict = { data: { code: 200, msg: 'ok', data: [] } };

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <App>{children}</App>
    </QueryClientProvider>
  );
}

/** antd dialogs render slowly in jsdom: wait longer than the default second. */
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  await i18n.loadNamespaces(['user']);
});

let fb: ReturnType<typeof fakeFeedback>;
beforeEach(() => {
  fb = fakeFeedback();
  resetDuplicateGuard();
});

describe('<UserFormDialog>', { timeout: 60_000 }, () => {
  it('sends the version read; a 409 shows the conflict in the dialog and Reload brings the saved user', async () => {
    let stored = user(3, 'Original');
    const puts: InternalAxiosRequestConfig[] = [];
    fakeServer((config) => {
      if (isDict(config)) return noDict;
      if (config.method === 'put') {
        puts.push(config);
        return { status: 409, data: { code: 409, msg: 'Someone else changed this data; refresh and try again' } };
      }
      return { data: { code: 200, msg: 'ok', data: stored, posts: [], roles, postIds: [], roleIds: [2] } };
    });
    const onClose = vi.fn();
    render(wrap(<UserFormDialog open userId={7} deptTree={[]} onClose={onClose} />));
    const nick = await screen.findByLabelText('Nickname', undefined, SLOW);
    await waitFor(() => expect(nick).toHaveProperty('value', 'Original'), SLOW);

    fireEvent.change(nick, { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByText('Someone else changed this user', undefined, SLOW);
    expect(JSON.parse(String(puts[0]?.data))).toMatchObject({ userId: 7, nickName: 'Mine', version: 3, roleIds: [2] });
    expect(screen.getByRole('button', { name: 'OK' })).toHaveProperty('disabled', true);
    expect(onClose).not.toHaveBeenCalled();

    stored = user(4, 'Theirs');
    fireEvent.click(screen.getByRole('button', { name: /Reload/ }));
    await waitFor(() => expect(screen.getByLabelText('Nickname')).toHaveProperty('value', 'Theirs'), SLOW);
    expect(screen.queryByText('Someone else changed this user')).toBeNull();
  });

  it('a new user needs the rules the server has; a 400 shows the server message', async () => {
    const calls = fakeServer((config) => {
      if (isDict(config)) return noDict;
      if (config.method === 'post') return { status: 400, data: { code: 400, msg: 'Cannot add user "writer": the user name already exists' } };
      return { data: { code: 200, msg: 'ok', posts: [], roles } };
    });
    render(wrap(<UserFormDialog open userId={undefined} deptTree={[]} onClose={vi.fn()} />));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }, SLOW));
    // The contract's rules, in the server's words with the field's label.
    await screen.findByText('Nickname is required', undefined, SLOW);
    expect(screen.getByText('User name is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: 'Writer' } });
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'wr' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByText('The user name must be 3 to 10 characters long', undefined, SLOW);
    expect(screen.getByText('The password must be 6 to 15 characters long')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'post')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'writer' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fb.notification.error).toHaveBeenCalledWith({ title: 'Cannot add user "writer": the user name already exists' }), SLOW);
    const post = calls.find((c) => c.method === 'post');
    expect(JSON.parse(String(post?.data))).toMatchObject({ userName: 'writer', password: 'secret123', nickName: 'Writer', sex: '2', status: '0' });
  });
});
