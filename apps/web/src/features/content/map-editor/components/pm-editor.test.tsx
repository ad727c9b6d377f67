import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s1000dCorpus } from '../../../../../../../test-support/s1000d-corpora';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { type FakeReply, fakeFeedback, fakeServer } from '../../../../test/fakes';
import { queryOf } from '../../s1000d/testing/bike';
import MapEditorIndex from '../pages';

/**
 * The map editor on an S1000D publication module (the Bike sample's BRAKE PM, served by a fake
 * server): the pmEntry tree with the catalogue's titles, "Add data module" by the dm-refs search into
 * the selected entry, "Add entry" with a title, a retitled entry, and the save's PUT carrying the XML.
 */
const BIKE = s1000dCorpus('s1000d-bike-4.1');
const PM_PATH = 'csdb/PMC-BRAKE-C3002-EPWG1-00_000-01_EN-US.XML';
const PM_TEXT = BIKE ? readFileSync(path.join(BIKE, PM_PATH), 'utf8') : '';
const SLOW = { timeout: 15_000 };
const ok = (data: unknown): FakeReply => ({ data: { code: 200, msg: 'ok', data } });

const ROW_121A = {
  path: 'csdb/DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A_008-00_EN-US.XML',
  code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A',
  title: 'Bicycle - Pre-operation procedures (crew)',
  dmCode: {
    modelIdentCode: 'S1000DBIKE',
    systemDiffCode: 'AAA',
    systemCode: 'D00',
    subSystemCode: '0',
    subSubSystemCode: '0',
    assyCode: '00',
    disassyCode: '00',
    disassyCodeVariant: 'AA',
    infoCode: '121',
    infoCodeVariant: 'A',
    itemLocationCode: 'A',
  },
  issueInfo: { issueNumber: '008', inWork: '00' },
  language: { languageIsoCode: 'en', countryIsoCode: 'US' },
};

/** The LIGHTING PM as GET /ccms/map-editor/pm-refs answers it. */
const ROW_LIGHTING = {
  path: 'csdb/PMC-S1000DLIGHTING-C3002-EPWG1-00_000-01_EN-US.XML',
  code: 'PMC-S1000DLIGHTING-C3002-EPWG1-00',
  title: 'Lighting manual',
  pmCode: { modelIdentCode: 'S1000DLIGHTING', pmIssuer: 'C3002', pmNumber: 'EPWG1', pmVolume: '00' },
  issueInfo: { issueNumber: '000', inWork: '01' },
  language: { languageIsoCode: 'en', countryIsoCode: 'US' },
};

const ref = (code: string, title: string) => ({ href: code, path: `csdb/${code}_001-00_EN-US.XML`, kind: 'topic', title, status: 'draft', broken: false });
const OPENED = {
  libraryId: 3,
  branch: 'main',
  path: PM_PATH,
  content: PM_TEXT,
  baseCommit: 'a'.repeat(40),
  baseBlob: 'b'.repeat(40),
  title: 'BRAKE manual',
  docType: 'pm',
  standard: 's1000d',
  status: 'draft',
  canWrite: true,
  draft: null,
  ticket: 't',
  rootName: 'pm',
  refs: [
    ref('DMC-BRAKE-AAA-D00-00-00-00AA-00WA-D', 'Catalogue: applicability'),
    ref('DMC-BRAKE-AAA-DA1-00-00-00AA-041A-A', 'Catalogue: how it is made'),
    ref('DMC-BRAKE-AAA-DA1-00-00-00AA-341A-A', 'Catalogue: manual test'),
    ref('DMC-BRAKE-AAA-DA1-10-00-00AA-251A-A', 'Catalogue: clean the pads'),
  ],
  keyRefs: [],
  canDelete: false,
};

/** jsdom has no EventSource: a silent presence stream (no other editor has the PM open). */
class Silent {
  onmessage: ((event: { data: string }) => void) | null = null;
  close() {}
}
const original = globalThis.EventSource;
afterEach(() => {
  (globalThis as { EventSource: unknown }).EventSource = original;
});

let saved: Record<string, unknown> | null = null;
beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['map-editor', 'topic-editor', 'document', 'output', 'shared']);
});
afterAll(() => i18n.changeLanguage('en'));
beforeEach(() => {
  (globalThis as { EventSource: unknown }).EventSource = Silent;
  fakeFeedback();
  resetDuplicateGuard();
  saved = null;
  fakeServer((config) => {
    const url = config.url ?? '';
    if (url.startsWith('/ccms/map-editor/open')) return ok(OPENED);
    if (url.startsWith('/ccms/topic-editor/dm-refs')) {
      const q = queryOf(config).get('q') ?? '';
      return ok(q === '' || ROW_121A.code.includes(q) ? [ROW_121A] : []);
    }
    if (url.startsWith('/ccms/map-editor/pm-refs')) {
      const q = (queryOf(config).get('q') ?? '').toUpperCase();
      return ok(q === '' || ROW_LIGHTING.code.includes(q) ? [ROW_LIGHTING] : []);
    }
    if (url.startsWith('/ccms/map-editor/resolve'))
      return ok(
        JSON.parse(String(config.data)).hrefs.map((h: string) =>
          h === ROW_121A.code
            ? { ...ref(h, ROW_121A.title), path: ROW_121A.path }
            : h === ROW_LIGHTING.code
              ? { ...ref(h, ROW_LIGHTING.title), path: ROW_LIGHTING.path, kind: 'map' }
              : ref(h, ''),
        ),
      );
    if (url.startsWith('/ccms/map-editor/save')) {
      saved = JSON.parse(String(config.data));
      const content = String(saved?.content);
      return ok({
        commit: 'c'.repeat(40),
        blob: 'd'.repeat(40),
        unchanged: false,
        merged: false,
        content,
        warnings: [],
        status: 'draft',
        created: [],
        deleted: [],
      });
    }
    return ok(null);
  });
});

function show() {
  const router = createMemoryRouter([{ path: '/ccms/ditamapeditor/index', element: <MapEditorIndex /> }], {
    initialEntries: [`/ccms/ditamapeditor/index?libraryId=3&path=${encodeURIComponent(PM_PATH)}`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <RouterProvider router={router} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const titles = () => screen.getAllByTestId('map-node-title').map((n) => n.textContent);

async function addFromMenu(label: string) {
  fireEvent.click(screen.getByTestId('map-add'));
  fireEvent.click(await screen.findByText(label));
}

describe.skipIf(BIKE === undefined)('the map editor on an S1000D publication module', () => {
  it('adds a data module and a publication module by search, adds and retitles entries, says where an entry holds nothing, and saves the PM', {
    timeout: 60_000,
  }, async () => {
    show();
    await screen.findByTestId('map-editor', undefined, SLOW);
    // Entries show as entries, data modules by the catalogue's titles; PMs have no relationship tables.
    await waitFor(() => expect(titles()).toContain('Catalogue: how it is made'));
    expect(screen.queryByRole('tab', { name: /relationship/i })).toBeNull();

    // "Add data module" needs an entry: the first entry is selected, then 121A is found by code.
    const entryRows = screen.getAllByTestId('map-node').filter((n) => n.getAttribute('data-href') === '');
    expect(entryRows).toHaveLength(4);
    fireEvent.click(entryRows[0] as HTMLElement);
    await addFromMenu('Add data module');
    fireEvent.change(await screen.findByLabelText('Search data modules by code (DMC) or title'), { target: { value: '121A' } });
    fireEvent.click(await screen.findByText(ROW_121A.code, undefined, SLOW));
    await waitFor(() => expect(titles()).toContain('Bicycle - Pre-operation procedures (crew)'));

    // The new dmRef is selected: its panel names its code and the catalogue's title.
    expect((await screen.findByTestId('pm-node-code')).textContent).toBe(ROW_121A.code);

    // "Add entry" asks for a title: empty is refused with a message naming the field.
    await addFromMenu('Add entry');
    fireEvent.click(await screen.findByTestId('pm-entry-ok'));
    expect(await screen.findByText('Entry title: enter a title')).toBeTruthy();
    fireEvent.change(screen.getByTestId('pm-entry-title'), { target: { value: 'Cleaning & care' } });
    fireEvent.click(screen.getByTestId('pm-entry-ok'));
    await waitFor(() => expect(titles()).toContain('Cleaning & care'));

    // The new entry is selected: retitle it in the panel.
    fireEvent.change(await screen.findByTestId('pm-node-title'), { target: { value: 'Care' } });
    fireEvent.click(screen.getByTestId('pm-node-apply'));
    await waitFor(() => expect(titles()).toContain('Care'));
    expect(screen.getByTestId('map-dirty')).toBeTruthy();

    // "Care" holds nothing yet: the save says where, in the user's language, and sends nothing.
    fireEvent.click(screen.getByTestId('map-save'));
    const emptyEn = 'The entry (pmEntry) holds no data module, publication module or entry: add one or remove the entry';
    expect(await screen.findByText(emptyEn)).toBeTruthy();
    // Located at the entry's start tag (checked against the saved text below: the pmRef goes after that line).
    const at = /^line (\d+), column 4$/.exec(String(screen.getByText(/^line \d+, column 4$/).textContent));
    const careLine = Number(at?.[1]);
    await i18n.changeLanguage('zh');
    fireEvent.click(screen.getByTestId('map-save'));
    expect(await screen.findByText('条目（pmEntry）没有包含数据模块、出版物模块或子条目：请添加一个，或删除该条目')).toBeTruthy();
    expect(screen.getByText(`第 ${careLine} 行，第 4 列`)).toBeTruthy();
    await i18n.changeLanguage('en');
    expect(saved).toBeNull();

    // "Add publication module" into the selected entry, found by code; it shows by the catalogue's title.
    await addFromMenu('Add publication module');
    fireEvent.change(await screen.findByLabelText('Search publication modules by code (PMC) or title'), { target: { value: 'lighting' } });
    fireEvent.click(await screen.findByText(ROW_LIGHTING.code, undefined, SLOW));
    await waitFor(() => expect(titles()).toContain('Lighting manual'), SLOW);
    expect((await screen.findByTestId('pm-node-code')).textContent).toBe(ROW_LIGHTING.code);

    fireEvent.click(screen.getByTestId('map-save'));
    await waitFor(() => expect(saved).not.toBeNull());
    const content = String(saved?.content);
    expect(saved).toMatchObject({ libraryId: 3, path: PM_PATH, newTopics: [], deleteFiles: [] });
    // 121A went into the first entry after its dmRef; the new entry follows 121A there (it was selected), as a nested entry.
    const first = content.slice(content.indexOf('<content>'), content.indexOf('\n\t\t</pmEntry>'));
    expect(first).toContain('infoCode="00W"');
    expect(first).toContain('\t\t\t<dmRef>\n\t\t\t\t<dmRefIdent>\n\t\t\t\t\t<dmCode modelIdentCode="S1000DBIKE"');
    expect(first).toContain('<issueInfo issueNumber="008" inWork="00"/>');
    expect(first).toMatch(
      /infoCode="121"[\s\S]*<\/dmRef>\n\t\t\t<pmEntry>\n\t\t\t\t<pmEntryTitle>Care<\/pmEntryTitle>\n\t\t\t\t<pmRef>\n\t\t\t\t\t<pmRefIdent>\n\t\t\t\t\t\t<pmCode modelIdentCode="S1000DLIGHTING" pmIssuer="C3002" pmNumber="EPWG1" pmVolume="00"\/>\n\t\t\t\t\t\t<issueInfo issueNumber="000" inWork="01"\/>\n\t\t\t\t\t\t<language languageIsoCode="en" countryIsoCode="US"\/>\n\t\t\t\t\t<\/pmRefIdent>\n\t\t\t\t<\/pmRef>\n\t\t\t<\/pmEntry>$/,
    );
    expect(content.split('\n').slice(careLine - 1, careLine + 1)).toEqual(['\t\t\t<pmEntry>', '\t\t\t\t<pmEntryTitle>Care</pmEntryTitle>']);
    // Nothing outside the content was touched.
    expect(content.slice(0, content.indexOf('<content>'))).toBe(PM_TEXT.slice(0, PM_TEXT.indexOf('<content>')));
    expect(await screen.findByTestId('map-clean')).toBeTruthy();
  });
});
