import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { bikeServer, documentRow } from '../../s1000d/testing/bike';
import DocumentListPage from './index';

beforeAll(async () => {
  await i18n.loadNamespaces(['document', 's1000d', 'shared']);
  useSession.setState({ roles: ['admin'], permissions: ['*:*:*'] });
});
afterAll(() => i18n.changeLanguage('en'));

/** The first render loads the list page's code and waits for library, type and rows. */
const SLOW = { timeout: 10_000 };

const show = () => renderPage(<DocumentListPage />);

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');

// A whole page (library bar, table, drawers) in jsdom: about 10 s alone, more on a loaded machine.
describe('the document list', { timeout: 60_000 }, () => {
  it('lists the publication modules of an S1000D library by PMC, with its problems and applicability a click away', async () => {
    fakeServer(bikeServer());
    show();
    await screen.findByText('PMC-S1000DBIKE-C3002-EPWG1-00', undefined, SLOW);
    expect(headers()).toContain('PMC');
    expect(headers()).not.toContain('Doc number');
    // The search field is named so too.
    expect(screen.getAllByLabelText('PMC').some((el) => el.tagName === 'INPUT')).toBe(true);
    expect(screen.queryByRole('button', { name: /Toc fast create/ })).toBeNull();

    fireEvent.click(screen.getByTestId('s1000d-problems-button'));
    const problems = await screen.findByTestId('s1000d-problems-drawer');
    expect(await within(problems).findByText('No schema package is installed for S1000D issue 4.1')).toBeTruthy();

    fireEvent.click(screen.getByTestId('s1000d-applic-button'));
    const applic = await screen.findByTestId('s1000d-applic-drawer');
    expect(await within(applic).findByText('Brook trekker|Mountain storm')).toBeTruthy();
  });

  it('keeps the DITA words and buttons for a DITA library', async () => {
    fakeServer(bikeServer({ libraryType: 'DITA', documents: [documentRow({ docNbr: 'UG-01', name: 'User guide', facts: {} })] }));
    show();
    await screen.findByText('UG-01', undefined, SLOW);
    expect(headers()).toContain('Doc number');
    expect(headers()).not.toContain('PMC');
    expect(screen.queryByTestId('s1000d-problems-button')).toBeNull();
    expect(screen.queryByTestId('s1000d-applic-button')).toBeNull();
    expect(screen.getByRole('button', { name: /Toc fast create/ })).toBeTruthy();
  });

  it('names the buttons in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['document', 's1000d', 'shared']);
    fakeServer(bikeServer());
    show();
    await screen.findByText('PMC-S1000DBIKE-C3002-EPWG1-00', undefined, SLOW);
    expect(headers()).toContain('出版物模块编码（PMC）');
    expect(screen.getByTestId('s1000d-problems-button').textContent).toBe('问题');
    expect(screen.getByTestId('s1000d-applic-button').textContent).toBe('适用性');
    await i18n.changeLanguage('en');
  });
});
