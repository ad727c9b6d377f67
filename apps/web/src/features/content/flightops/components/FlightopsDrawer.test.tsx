import type { EffectiveResult, FrozenList } from '@ccms/contracts/content/flightops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { queryOf } from '../../s1000d/testing/bike';
import { FlightopsDrawer } from './FlightopsDrawer';

beforeAll(async () => {
  await i18n.loadNamespaces(['flightops', 'document', 'output', 'common', 'shared']);
});
afterAll(() => i18n.changeLanguage('en'));

const fleet = { aircraft: [{ msn: '0101', registration: 'B-6101', mods: [] }] };
const effective: EffectiveResult = {
  aircraft: fleet.aircraft[0] ?? { msn: '', registration: '', mods: [] },
  commit: 'a'.repeat(40),
  effective: [
    {
      topicId: 1,
      path: 'fcom/du/DU-21-002.xml',
      id: 'DU-21-002',
      title: 'Packs',
      type: 'procedure',
      manual: 'FCOM',
      solutions: [
        { id: 'S1', effectivity: '0101', effective: true },
        { id: 'S2', effectivity: '0205 + 12345', effective: false },
      ],
    },
  ],
  notEffective: [],
};
const frozen: FrozenList = {
  revisions: [
    {
      name: '2026-10',
      tag: 'freeze/2026-10',
      branch: 'frozen/2026-10',
      commit: 'b'.repeat(40),
      documents: [{ documentId: 7, path: 'fcom/psl.xml', name: 'FCOM', status: 'underReview' }],
    },
  ],
};

function server() {
  return fakeServer((config) => {
    if (config.url?.startsWith('/ccms/flightops/fleet')) return { data: { code: 200, msg: 'ok', data: fleet } };
    if (config.url?.startsWith('/ccms/flightops/effective')) return { data: { code: 200, msg: 'ok', data: effective } };
    if (config.url?.startsWith('/ccms/flightops/frozen')) return { data: { code: 200, msg: 'ok', data: frozen } };
    return { data: { code: 200, msg: 'ok', rows: [], total: 0 } };
  });
}

describe('the flight-ops drawer', () => {
  it('lists the DUs effective for the chosen aircraft, each solution marked', async () => {
    const calls = server();
    renderPage(<FlightopsDrawer scope={{ libraryId: 4, branch: 'main' }} branch="main" open onClose={() => undefined} />);
    const select = within(await screen.findByTestId('flightops-aircraft')).getByRole('combobox');
    fireEvent.mouseDown(select);
    const options = await screen.findAllByTitle('MSN 0101 · B-6101');
    fireEvent.click(options[options.length - 1] as HTMLElement);
    expect((await screen.findByTestId('flightops-effective-count')).textContent).toBe('1 DUs effective, 0 not');
    const asked = calls.find((c) => c.url?.startsWith('/ccms/flightops/effective'));
    expect(Object.fromEntries(queryOf(asked as InternalAxiosRequestConfig))).toEqual({ libraryId: '4', branch: 'main', aircraft: '0101' });
    expect(screen.getByText('S1 · 0101')).toBeTruthy();
    expect(screen.getByText('S2 · 0205 + 12345')).toBeTruthy();
  });

  it('refuses a freeze name that is not one (naming the field, nothing sent); a PSL under review cannot be dispatched yet', async () => {
    const calls = server();
    renderPage(<FlightopsDrawer scope={{ libraryId: 4, branch: 'main' }} branch="main" open onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Freeze and dispatch' }));
    fireEvent.change(await screen.findByTestId('flightops-freeze-name'), { target: { value: 'rev 10/x' } });
    fireEvent.click(screen.getByTestId('flightops-freeze'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toContain('Name'));
    expect(calls.some((c) => c.url?.startsWith('/ccms/flightops/freeze'))).toBe(false);
    const psl = await screen.findByTestId('frozen-psl-fcom/psl.xml');
    expect(within(psl).getByTestId('frozen-status').textContent).toBe('Under review');
    expect((await screen.findByTestId('frozen-tag')).textContent).toBe(`tag freeze/2026-10frozen/2026-10commit ${'b'.repeat(12)}`);
    expect((within(psl).getByTestId('flightops-dispatch') as HTMLButtonElement).disabled).toBe(true);
  });
});
