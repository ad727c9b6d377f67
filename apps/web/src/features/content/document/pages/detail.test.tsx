import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { bikeServer, documentDetail } from '../../s1000d/testing/bike';
import DocumentDetailPage from './detail';

beforeAll(async () => {
  await i18n.loadNamespaces(['document', 's1000d', 'translation', 'output', 'map-editor', 'topic-editor', 'shared']);
  useSession.setState({ roles: ['admin'], permissions: ['*:*:*'] });
});
afterAll(() => i18n.changeLanguage('en'));

/** The first render loads the detail page's code. */
const SLOW = { timeout: 10_000 };

const show = (search: string) => renderPage(<DocumentDetailPage />, `/ccms/document-detail/index${search}`);

describe('the document detail', () => {
  it('filters an S1000D publication module by product in a tab of its own', async () => {
    fakeServer(bikeServer());
    show('?id=9');
    fireEvent.click(await screen.findByTestId('s1000d-filter-tab', undefined, SLOW));
    expect(await screen.findByTestId('s1000d-filter-product')).toBeTruthy();
    // The map editor edits a publication module's pmEntry tree as it does a DITA map.
    fireEvent.click(screen.getByRole('tab', { name: 'Structure' }));
    expect(await screen.findByText('The toc is empty')).toBeTruthy();
    expect(await screen.findByTestId('toc-edit-structure')).toBeTruthy();
  });

  it('has no such tab for a DITA map, which opens on its structure when it is asked for', async () => {
    fakeServer(bikeServer({ libraryType: 'DITA', document: documentDetail({ docNbr: 'UG-01', name: 'User guide', facts: {} }) }));
    show('?id=9&tab=filter');
    expect(await screen.findByText('User guide', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('s1000d-filter-tab')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Structure', selected: true })).toBeTruthy();
    expect(await screen.findByTestId('toc-edit-structure')).toBeTruthy();
  });

  it('filters an ATA Spec 2300 publication module per aircraft too, without the S1000D issue cycle', async () => {
    fakeServer(
      bikeServer({ libraryType: 'ATA2300', document: documentDetail({ docNbr: 'PMC-CX100-CCMS1-00021-01', name: 'FCOM 21', facts: { standard: 'ata2300' } }) }),
    );
    show('?id=9&tab=issues');
    fireEvent.click(await screen.findByTestId('s1000d-filter-tab', undefined, SLOW));
    expect(await screen.findByTestId('s1000d-filter-product')).toBeTruthy();
    expect(screen.queryByTestId('s1000d-issues-tab')).toBeNull();
  });

  it('names the tab in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['document', 's1000d', 'translation', 'output', 'map-editor', 'topic-editor', 'shared']);
    fakeServer(bikeServer());
    show('?id=9');
    expect((await screen.findByTestId('s1000d-filter-tab', undefined, SLOW)).textContent).toBe('按产品筛选');
    await i18n.changeLanguage('en');
  });
});
