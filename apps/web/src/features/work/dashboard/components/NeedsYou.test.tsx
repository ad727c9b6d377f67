import type { Attention } from '@ccms/contracts/work/dashboard';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { NeedsYou } from './NeedsYou';

const empty = { omitted: false as const, total: 0, rows: [] };

const attention = (panels: Partial<NonNullable<Attention['panels']>>): Attention => ({
  lead: true,
  reason: null,
  projects: [{ projectId: 4, title: 'Pump manual' }],
  allProjects: false,
  panels: { approvals: empty, underReview: empty, overdueTasks: empty, failedPublishes: empty, failedDeliveries: empty, ...panels },
});

const show = (a: Attention) =>
  render(
    <MemoryRouter>
      <NeedsYou attention={a} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await i18n.loadNamespaces(['dashboard']);
});
afterEach(async () => {
  await i18n.changeLanguage('zh');
});

describe('Needs you', () => {
  it('lists each entry with a link to where the lead acts, and counts in the headers', () => {
    show(
      attention({
        overdueTasks: {
          omitted: false,
          total: 12,
          rows: [
            {
              taskId: 31,
              title: 'Write the seal topic',
              status: 'inProgress',
              projectId: 4,
              projectTitle: 'Pump manual',
              assigneeId: 7,
              assigneeName: 'Wang',
              dueDate: '2026-11-20',
              daysOverdue: 9,
            },
          ],
        },
        failedPublishes: {
          omitted: false,
          total: 1,
          rows: [
            {
              outputId: 5,
              documentId: 101,
              libraryId: 2,
              libraryName: 'pump',
              branch: 'main',
              path: 'pump.ditamap',
              configName: 'print',
              format: 'pdf',
              errorCount: 2,
              error: 'Missing topic seal.dita',
              createBy: 'wang',
              endTime: '2026-11-29T03:00:00Z',
            },
          ],
        },
      }),
    );
    expect(screen.getByText(i18n.t('dashboard:needs.scope', { names: 'Pump manual' }))).toBeTruthy();
    const tasks = screen.getByTestId('needs-overdueTasks');
    expect(tasks.getAttribute('data-total')).toBe('12');
    expect(within(tasks).getByRole('link', { name: 'Write the seal topic' }).getAttribute('href')).toBe('/ccms/task/detail?id=31');
    expect(within(tasks).getByText(i18n.t('dashboard:needs.daysOverdue', { count: 9 }))).toBeTruthy();
    expect(within(tasks).getByText(i18n.t('dashboard:needs.more', { count: 11 }))).toBeTruthy();
    const publishes = screen.getByTestId('needs-failedPublishes');
    expect(within(publishes).getByRole('link', { name: 'pump.ditamap · print' }).getAttribute('href')).toBe('/ccms/document-detail/index?id=101&tab=output');
    expect(within(publishes).getByText('Missing topic seal.dita')).toBeTruthy();
  });

  it('says "Nothing waiting" for an empty panel and why an omitted one is not shown, in both languages', async () => {
    const a = attention({ failedDeliveries: { omitted: true, reason: 'noPermission', permissions: ['ccms:deliverable:list'] } });
    const { unmount } = show(a);
    expect(within(screen.getByTestId('needs-approvals')).getByText('没有待处理的事项')).toBeTruthy();
    const omitted = within(screen.getByTestId('needs-failedDeliveries')).getByTestId('needs-omitted');
    expect(omitted.textContent).toContain('ccms:deliverable:list');
    expect(screen.getByTestId('needs-failedDeliveries').getAttribute('data-total')).toBe('');
    unmount();
    await i18n.changeLanguage('en');
    show(a);
    expect(within(screen.getByTestId('needs-approvals')).getByText('Nothing waiting')).toBeTruthy();
    expect(screen.getByText('Needs you')).toBeTruthy();
  });

  it('shows nothing to someone who leads no project', () => {
    const { container } = show({ lead: false, reason: 'notLead', projects: [], allProjects: false, panels: null });
    expect(container.textContent).toBe('');
  });
});
