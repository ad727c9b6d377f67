import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useProjects } from '../../../../state/project-store';
import { fakeServer } from '../../../../test/fakes';
import WorkflowPage from './index';

let plans: { id: number; title: string }[] = [];
let calls: { url?: string }[] = [];

beforeAll(async () => {
  await i18n.loadNamespaces(['workflow']);
});
beforeEach(() => {
  calls = fakeServer((config) => {
    if (config.url?.startsWith('/ccms/plan/list?')) return { data: { code: 200, msg: 'ok', total: plans.length, rows: plans } };
    if (config.url === '/ccms/plan/9') return { data: { code: 200, msg: 'ok', data: { id: 9, projectId: 4, title: 'Other project plan' } } };
    return { status: 404, data: { code: 404, msg: 'The requested resource does not exist' } };
  });
});

const show = (path = '/ccms/workitem/workflow') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <App>
          <WorkflowPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the workflow page', () => {
  it("opens a project's only plan without asking", async () => {
    useProjects.setState({ currentProjectId: 3 });
    plans = [{ id: 5, title: 'Manual update' }];
    show();
    expect(await screen.findByText('Manual update')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/ccms/workflow/5'));
  });

  it('asks when the project has several plans', async () => {
    useProjects.setState({ currentProjectId: 3 });
    plans = [
      { id: 5, title: 'Manual update' },
      { id: 6, title: 'Translation' },
    ];
    show();
    // The list has arrived once the picker offers both.
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('Translation')).toBeTruthy();
    expect(screen.getByText(i18n.t('workflow:workflow.noPlan'))).toBeTruthy();
    expect(calls.some((c) => c.url?.startsWith('/ccms/workflow/'))).toBe(false);
  });

  it('names a plan given in the address by its title, not its id, when the project does not list it', async () => {
    useProjects.setState({ currentProjectId: null });
    plans = [];
    const { container } = show('/ccms/workitem/workflow?planId=9');
    expect(await screen.findByText('Other project plan')).toBeTruthy();
    expect(container.querySelector('[data-testid="workflow-plan"]')?.textContent).not.toContain('9');
  });
});
