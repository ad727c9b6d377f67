import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { CronHelperDialog } from './CronHelperDialog';

function renderHelper(value: string) {
  const onApply = vi.fn();
  render(
    <Suspense fallback={null}>
      <CronHelperDialog open value={value} onClose={() => undefined} onApply={onApply} />
    </Suspense>,
  );
  return onApply;
}

describe('CronHelperDialog', () => {
  beforeAll(() => i18n.loadNamespaces(['job', 'common']));

  it('starts from the given expression, previews five runs, and hands back the edited expression', async () => {
    const onApply = renderHelper('0 0 3 * * ?');
    const expression = await screen.findByTestId('cron-expression', {}, { timeout: 10_000 });
    expect(expression.textContent).toBe('0 0 3 * * ?');
    const runs = await screen.findByTestId('cron-runs', {}, { timeout: 10_000 });
    expect(within(runs).getAllByRole('listitem')).toHaveLength(5);
    expect(within(runs).getAllByRole('listitem')[0]?.textContent).toContain('03:00:00');

    // A weekday restriction leaves the day of month unspecified.
    fireEvent.click(screen.getByRole('tab', { name: 'Weekday' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    });
    expect(screen.getByTestId('cron-expression').textContent).toBe('0 0 3 ? * 1');

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onApply).toHaveBeenCalledWith('0 0 3 ? * 1');
  }, 40_000);

  it('says so when the expression is beyond the builder, and warns about schedules under a minute', async () => {
    renderHelper('0 0 12 15W * ?');
    expect(await screen.findByText(/uses syntax the builder does not offer/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('cron-expression').textContent).toBe('0 * * * * ?');

    fireEvent.click(screen.getByRole('tab', { name: 'Second' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Every second' }));
    });
    expect(screen.getByTestId('cron-expression').textContent).toBe('* * * * * ?');
    expect(await screen.findByText(/runs more than once a minute/, {}, { timeout: 10_000 })).toBeTruthy();
  }, 40_000);
});
