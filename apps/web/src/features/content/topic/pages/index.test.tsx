import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { bikeServer, ditaTopicRow, topicRow } from '../../s1000d/testing/bike';
import TopicListPage from './index';

beforeAll(async () => {
  await i18n.loadNamespaces(['topic', 'document', 's1000d', 'topic-editor', 'shared']);
  useSession.setState({ roles: ['admin'], permissions: ['*:*:*'] });
});
afterAll(() => i18n.changeLanguage('en'));

/** The first render loads the list page's code and waits for library, type and rows. */
const SLOW = { timeout: 10_000 };

const show = () => renderPage(<TopicListPage />);

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');

/** The doc type filter's options. */
async function docTypesOffered() {
  const select = screen.getByTestId('topic-doctype-filter');
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
}

describe('the topic list', () => {
  it('shows a data module of an S1000D library by its DMC, issue, schema, info code, applicability, issue type and quality assurance', async () => {
    fakeServer(
      bikeServer({ topics: [topicRow(), topicRow({ topicId: 42, no: 'DMC-X', title: 'Other', facts: { standard: 's1000d', issueType: 'rinstate-x' } })] }),
    );
    show();
    const row = (await screen.findByText('Bicycle – Clean the bicycle', undefined, SLOW)).closest('tr') as HTMLElement;
    const h = headers();
    for (const name of ['DMC', 'Title', 'Issue', 'Schema', 'Info code', 'Applicability', 'Issue type', 'Quality assurance']) expect(h).toContain(name);
    expect(h).not.toContain('Topic no');
    expect(h).not.toContain('Doc type');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A',
      'Bicycle – Clean the bicycle',
      '008-00',
      'proced',
      '258',
      'Brook trekker Mk9 or Mountain storm Mk1',
      'Changed',
      'First verification',
    ]);
    // An issue type the list does not know shows as it comes.
    expect(within(screen.getByText('Other').closest('tr') as HTMLElement).getByText('rinstate-x')).toBeTruthy();
    expect(screen.queryByTestId('new-topic')).toBeNull();
    // The registry's S1000D "new" is the DMC builder.
    expect(screen.getByTestId('new-module').textContent).toContain('New data module');
    const offered = await docTypesOffered();
    expect(offered).toContain('proced');
    expect(offered).toContain('descript');
    expect(offered).not.toContain('concept');
  });

  it('keeps the DITA columns, doc types and the new topic button for a DITA library', async () => {
    fakeServer(bikeServer({ libraryType: 'DITA', topics: [ditaTopicRow()] }));
    show();
    await screen.findByText('Installing', undefined, SLOW);
    const h = headers();
    for (const name of ['Topic no', 'Title', 'Code', 'Revision', 'Doc type']) expect(h).toContain(name);
    for (const name of ['DMC', 'Schema', 'Applicability', 'Issue type', 'Quality assurance']) expect(h).not.toContain(name);
    expect(screen.getByTestId('new-topic')).toBeTruthy();
    expect(screen.queryByTestId('new-module')).toBeNull();
    const offered = await docTypesOffered();
    expect(offered).toContain('concept');
    expect(offered).not.toContain('proced');
  });

  it('names the S1000D columns in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['topic', 'document', 's1000d', 'topic-editor', 'shared']);
    fakeServer(bikeServer());
    show();
    const row = (await screen.findByText('Bicycle – Clean the bicycle', undefined, SLOW)).closest('tr') as HTMLElement;
    expect(headers()).toContain('数据模块编码（DMC）');
    expect(headers()).toContain('质量保证');
    expect(within(row).getByText('更改')).toBeTruthy();
    expect(within(row).getByText('首次验证')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
