import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { statusTargets } from '../../shared/catalog-status';
import { SetStatusDialog, type StatusTarget } from './SetStatusDialog';

beforeAll(async () => {
  await i18n.loadNamespaces(['document']);
});

const wrap = (node: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <App>{node}</App>
  </QueryClientProvider>
);

const offered = () => screen.queryAllByRole('radio').map((r) => r.closest('label')?.textContent ?? '');

describe('status targets', () => {
  it('documents follow the document transitions, topics and toc nodes the topic ones', () => {
    expect(statusTargets('document', 'draft')).toEqual(['underReview', 'archived']);
    expect(statusTargets('document', 'approved')).toEqual(['published', 'archived']);
    expect(statusTargets('document', 'published')).toEqual(['distributed', 'archived']);
    expect(statusTargets('topic', 'approved')).toEqual(['archived']);
    expect(statusTargets('tocNode', 'underReview')).toEqual(['approved', 'draft', 'archived']);
    expect(statusTargets('topic', 'published')).toEqual([]);
    expect(statusTargets('tocNode', null)).toEqual([]);
  });
});

describe('set-status dialog', () => {
  it('offers only the allowed targets and sends the chosen one', async () => {
    const submit = vi.fn().mockResolvedValue({});
    const onDone = vi.fn();
    const target: StatusTarget = { kind: 'document', title: 'User guide', current: 'approved' };
    render(wrap(<SetStatusDialog target={target} submit={submit} onClose={() => undefined} onDone={onDone} />));
    expect(await screen.findByText('Set document status')).toBeTruthy();
    expect(offered()).toEqual(['Published', 'Archived']);
    fireEvent.click(screen.getByRole('radio', { name: 'Published' }));
    expect((screen.getByRole('radio', { name: 'Published' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ status: 'published', comment: '' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('a topic in approved may only be archived; a status with no way on says so and cannot be sent', async () => {
    const submit = vi.fn();
    const { unmount } = render(
      wrap(
        <SetStatusDialog target={{ kind: 'topic', title: 'Intro', current: 'approved' }} submit={submit} onClose={() => undefined} onDone={() => undefined} />,
      ),
    );
    expect(await screen.findByText('Set topic status')).toBeTruthy();
    expect(offered()).toEqual(['Archived']);
    unmount();
    render(
      wrap(
        <SetStatusDialog
          target={{ kind: 'tocNode', title: 'Node', current: 'published' }}
          submit={submit}
          onClose={() => undefined}
          onDone={() => undefined}
        />,
      ),
    );
    expect(await screen.findByText('The status cannot change from here')).toBeTruthy();
    expect(offered()).toEqual([]);
    const ok = screen.getByRole('button', { name: /OK/ });
    expect(ok.hasAttribute('disabled')).toBe(true);
    expect(submit).not.toHaveBeenCalled();
  });
});
