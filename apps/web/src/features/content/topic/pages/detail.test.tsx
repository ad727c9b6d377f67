import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { useSession } from '../../../../state/session-store';
import { fakeServer } from '../../../../test/fakes';
import { renderPage } from '../../../../test/render-page';
import { bikeServer, ditaTopicRow, topicDetail } from '../../s1000d/testing/bike';
import TopicDetailPage from './detail';

beforeAll(async () => {
  await i18n.loadNamespaces(['topic', 'document', 's1000d', 'compliance', 'topic-editor', 'explorer', 'shared']);
  useSession.setState({ roles: ['admin'], permissions: ['*:*:*'] });
});
afterAll(() => i18n.changeLanguage('en'));

/** The first render loads the detail page's code. */
const SLOW = { timeout: 10_000 };

const show = (search: string) => renderPage(<TopicDetailPage />, `/ccms/topic-detail/index${search}`);

describe('the topic detail', () => {
  it('has an S1000D tab for a data module, opened from the address', async () => {
    fakeServer(bikeServer());
    show('?id=41&tab=s1000d');
    expect((await screen.findByTestId('s1000d-tab', undefined, SLOW)).textContent).toBe('S1000D');
    expect(await screen.findByTestId('s1000d-facts')).toBeTruthy();
    expect(screen.getByTestId('s1000d-instance-product')).toBeTruthy();
  });

  it('has none for a DITA topic, which opens on its properties when the tab is asked for', async () => {
    fakeServer(bikeServer({ libraryType: 'DITA', topic: topicDetail({ ...ditaTopicRow() }) }));
    show('?id=7&tab=s1000d');
    expect((await screen.findByTestId('topic-title', undefined, SLOW)).textContent).toBe('Installing');
    expect(screen.queryByTestId('s1000d-tab')).toBeNull();
    expect(screen.queryByTestId('s1000d-facts')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Properties', selected: true })).toBeTruthy();
  });

  it('names the tab in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['topic', 'document', 's1000d', 'compliance', 'topic-editor', 'explorer', 'shared']);
    fakeServer(bikeServer());
    show('?id=41');
    expect((await screen.findByTestId('s1000d-tab', undefined, SLOW)).textContent).toBe('S1000D 信息');
    await i18n.changeLanguage('en');
  });
});
