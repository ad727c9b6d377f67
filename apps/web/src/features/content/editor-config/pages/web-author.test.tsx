import type { EditorResolution } from '@ccms/contracts/content/editor-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeServer } from '../../../../test/fakes';
import WebAuthorPage from './web-author';

let answer: EditorResolution = { editor: 'topic', url: null, target: null, label: null };

function Where() {
  const at = useLocation();
  return <div data-testid="where">{`${at.pathname}${at.search}`}</div>;
}

const open = (path: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/ccms/editor/webAuthor?libraryId=3&branch=main&path=${encodeURIComponent(path)}`]}>
        <App>
          <Routes>
            <Route path="/ccms/editor/webAuthor" element={<WebAuthorPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await i18n.loadNamespaces(['editor-config']);
  fakeServer(() => ({ data: { code: 200, msg: 'ok', data: answer } }));
});

describe('the web author page', () => {
  it('opens a file whose default editor is built in in that editor, in its place in the history', async () => {
    answer = { editor: 'topic', url: null, target: null, label: null };
    open('topics/a.dita');
    expect((await screen.findByTestId('where')).textContent).toBe('/ccms/topic-editor/index?libraryId=3&branch=main&path=topics%2Fa.dita');
  });

  it('opens a map in the map editor, and says when a file is only viewed', async () => {
    answer = { editor: 'map', url: null, target: null, label: null };
    const { unmount } = open('maps/guide.ditamap');
    expect((await screen.findByTestId('where')).textContent).toBe('/ccms/ditamapeditor/index?libraryId=3&branch=main&path=maps%2Fguide.ditamap');
    unmount();
    answer = { editor: 'view', url: null, target: null, label: null };
    open('images/a.png');
    expect(await screen.findByText('Files of this type are configured to open read-only')).toBeTruthy();
  });
});
