import type { Abilities } from '@ccms/contracts/grants';
import type { Project } from '@ccms/contracts/work/project';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { projectKeys } from '../project-queries';
import { ProjectStatusSwitch } from './ProjectStatusSwitch';

beforeAll(async () => {
  await i18n.loadNamespaces(['project']);
});
beforeEach(() => useSession.setState({ roles: ['editor'], permissions: ['ccms:project:edit'] }));

const none: Abilities = { read: false, publish: false, write: false, configure: false, remove: false, grantOwner: false };
const all: Abilities = { read: true, publish: true, write: true, configure: true, remove: true, grantOwner: false };
const project = (abilities: Abilities, myLevel: Project['myLevel']) =>
  // The switch reads only these fields of the project.
  ({ id: 1, title: 'P', status: '0', myLevel, abilities }) as Project;
const toggle = () => screen.getByRole('switch') as HTMLButtonElement;
const wrap = (node: ReactNode, client = new QueryClient()) => (
  <QueryClientProvider client={client}>
    <App>{node}</App>
  </QueryClientProvider>
);

describe('<ProjectStatusSwitch>', () => {
  it('opens and closes the project only for a caller whose abilities configure it', () => {
    render(wrap(<ProjectStatusSwitch project={project(all, 'admin')} />));
    expect(toggle().disabled).toBe(false);
  });

  it('follows the abilities, not the level text', () => {
    // A level that would configure, with abilities that do not: the switch stays off limits.
    render(wrap(<ProjectStatusSwitch project={project({ ...none, read: true, write: true }, 'owner')} />));
    expect(toggle().disabled).toBe(true);
  });

  it('needs the edit permission too', () => {
    useSession.setState({ roles: ['editor'], permissions: [] });
    render(wrap(<ProjectStatusSwitch project={project(all, 'owner')} />));
    expect(toggle().disabled).toBe(true);
  });

  it('closes by saving what the server has with status 1, then refreshes everything under the project keys', async () => {
    const feedback = fakeFeedback();
    feedback.modal.confirm.mockImplementation(({ onOk }: { onOk: () => void }) => onOk());
    const detail = { ...project(all, 'admin'), name: 'p', version: 'v1', libraryId: null, ownerId: 3, updateSchedule: 'day', rowVersion: 4 };
    const calls = fakeServer((config) => ({ data: { code: 200, msg: 'ok', data: config.method === 'get' ? detail : undefined } }));
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(wrap(<ProjectStatusSwitch project={project(all, 'admin')} />, client));
    fireEvent.click(toggle());
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: projectKeys.all }));
    const saved = calls.find((c) => c.method === 'put' && c.url === '/ccms/project');
    expect(JSON.parse(String(saved?.data))).toMatchObject({ id: 1, status: '1', rowVersion: 4, name: 'p', version: 'v1', ownerId: 3, updateSchedule: 'day' });
  });
});
