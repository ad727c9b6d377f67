import type { WorkItem } from '@ccms/contracts/work/work-item';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { TransitionButtons } from './TransitionButtons';

beforeAll(async () => {
  await i18n.loadNamespaces(['work-item']);
});

const wrap = (node: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <App>{node}</App>
  </QueryClientProvider>
);

const item = (over: Partial<WorkItem>) =>
  ({ workItemId: 1, projectId: 2, title: 'Bug', workItemType: 'defect', status: 'resolved', rowVersion: 3, actions: [], ...over }) as WorkItem;

describe('transition buttons', () => {
  it('offer exactly the actions the server allows now', () => {
    render(wrap(<TransitionButtons item={item({ actions: ['close', 'reactivate'] })} />));
    expect(screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['Close', 'Reactivate']);
  });

  it('say so when nothing is possible', () => {
    render(wrap(<TransitionButtons item={item({ actions: [] })} />));
    expect(screen.getByText('No action is possible in this state')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
