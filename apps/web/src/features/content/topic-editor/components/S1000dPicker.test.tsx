import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDuplicateGuard } from '../../../../api/duplicate-guard';
import { i18n } from '../../../../i18n';
import { type FakeReply, fakeFeedback, fakeServer } from '../../../../test/fakes';
import { applicability, queryOf } from '../../s1000d/testing/bike';
import type { S1000dPickerKind } from './InsertPicker';
import type { Insertion } from './insertions';
import { S1000dPicker } from './S1000dPicker';

const SLOW = { timeout: 15_000 };
const ok = (data: unknown): FakeReply => ({ data: { code: 200, msg: 'ok', data } });
/** The 121A module of the Bike sample as the dm-refs route answers it. */
const ROW_121A = {
  path: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A_008-00_EN-US.XML',
  code: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-121A-A',
  title: 'Bicycle - Technical data',
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
const MODULE = `<dmodule><identAndStatusSection id="ignored"/><content><referencedApplicGroup>
<applic id="apMK9"><displayText><simplePara>Brook trekker Mk9</simplePara></displayText><assert applicPropertyIdent="version" applicPropertyType="prodattr" applicPropertyValues="Mk9"/></applic>
</referencedApplicGroup><procedure><mainProcedure>
<proceduralStep id="stp-0001"><para>Clean the frame.</para></proceduralStep>
<proceduralStep id="stp-0002"><figure id="fig-0001"><title>Chain</title><graphic infoEntityIdent="ICN-A"/></figure></proceduralStep>
</mainProcedure></procedure></content></dmodule>`;

let queries: string[] = [];
beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['topic-editor']);
});
afterAll(() => i18n.changeLanguage('en'));
beforeEach(() => {
  fakeFeedback();
  resetDuplicateGuard();
  queries = [];
  fakeServer((config) => {
    if (config.url?.startsWith('/ccms/topic-editor/dm-refs')) {
      const q = queryOf(config).get('q') ?? '';
      queries.push(q);
      return ok(q === '' || '121A'.includes(q) || ROW_121A.code.includes(q) ? [ROW_121A] : []);
    }
    if (config.url?.startsWith('/ccms/topic-editor/cir-items')) {
      const q = queryOf(config).get('q') ?? '';
      const rows = [
        { ref: 'functionalItemRef', attrs: { functionalItemNumber: 'ELO-Box' }, source: 'DMC-S1000DLIGHTING-AAA-D00-00-00-00AA-00EA-D' },
        { ref: 'functionalItemRef', attrs: { functionalItemNumber: 'Batt' }, source: 'DMC-S1000DLIGHTING-AAA-D00-00-00-00AA-00EA-D' },
      ];
      return ok(rows.filter((r) => r.attrs.functionalItemNumber.toLowerCase().includes(q.toLowerCase())));
    }
    if (config.url?.startsWith('/ccms/s1000d/applicability')) return ok(applicability());
    if (config.url?.startsWith('/ccms/graphic/list')) {
      const rows = ['ICN-S1000DBIKE-AAA-DA10000-0-U8025-00512-A-04-1.CGM', 'photo.png'].map((name) => ({
        path: name,
        name,
        folder: '',
        size: 10,
        contentType: 'image/cgm',
        createBy: 'a',
        createTime: '2026-01-01 00:00:00',
        commit: 'c',
        refs: 0,
        url: '',
      }));
      return { data: { code: 200, msg: 'ok', rows, total: rows.length } };
    }
    return ok(null);
  });
});

/** Clicks an option of the select open last (the ones opened before stay in the page, hidden). */
async function pickOption(title: string) {
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

function show(kind: S1000dPickerKind) {
  const onInsert = vi.fn<(i: Insertion) => void>();
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <S1000dPicker kind={kind} scope={{ libraryId: 3, path: 'DMC-X.XML' }} readContent={() => MODULE} onInsert={onInsert} onClose={onClose} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { onInsert, onClose };
}

describe('the S1000D pickers', () => {
  it('dmRef: finds a data module by its code and writes its dmCode, with the issue only when asked', SLOW, async () => {
    const { onInsert, onClose } = show('dmRef');
    fireEvent.change(screen.getByLabelText('Search the library’s data modules by DMC or title'), { target: { value: '121A' } });
    await waitFor(() => expect(queries).toContain('121A'));
    fireEvent.click(await screen.findByText(ROW_121A.code));
    const first = onInsert.mock.calls[0]?.[0];
    expect(first).toEqual({
      kind: 'dmRef',
      inner:
        '<dmRefIdent><dmCode modelIdentCode="S1000DBIKE" systemDiffCode="AAA" systemCode="D00" subSystemCode="0" subSubSystemCode="0" assyCode="00" disassyCode="00" disassyCodeVariant="AA" infoCode="121" infoCodeVariant="A" itemLocationCode="A"/></dmRefIdent>',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('dmRef: with the issue box ticked, writes issueInfo and language', SLOW, async () => {
    const { onInsert } = show('dmRef');
    fireEvent.click(screen.getByText('Write the issue (issueInfo)'));
    fireEvent.click(await screen.findByText(ROW_121A.code));
    const picked = onInsert.mock.calls[0]?.[0];
    expect(picked?.kind === 'dmRef' ? picked.inner : '').toContain(
      '<issueInfo issueNumber="008" inWork="00"/><language languageIsoCode="en" countryIsoCode="US"/></dmRefIdent>',
    );
  });

  it('internalRef: lists the ids of this module with their target type', SLOW, async () => {
    const { onInsert } = show('internalRef');
    expect(screen.queryByText('ignored')).toBeNull();
    fireEvent.click(await screen.findByText('fig-0001'));
    expect(onInsert).toHaveBeenCalledWith({ kind: 'internalRef', internalRefId: 'fig-0001', internalRefTargetType: 'irtt01' });
  });

  it('ICN graphic: lists the ICN files only and inserts a figure with its title', SLOW, async () => {
    const { onInsert } = show('graphic');
    fireEvent.change(screen.getByLabelText('Figure title'), { target: { value: 'Brake lever' } });
    const name = 'ICN-S1000DBIKE-AAA-DA10000-0-U8025-00512-A-04-1.CGM';
    fireEvent.click(await screen.findByText(name));
    expect(screen.queryByText('photo.png')).toBeNull();
    expect(onInsert).toHaveBeenCalledWith({ kind: 'graphic', icn: name.replace('.CGM', ''), file: name, title: 'Brake lever' });
  });

  it("applicability: lists the module's applics by display text; picking one (or none) answers its id", SLOW, async () => {
    const { onInsert } = show('applic');
    fireEvent.click(await screen.findByText('Brook trekker Mk9'));
    expect(onInsert).toHaveBeenLastCalledWith({ kind: 'applic', applicRefId: 'apMK9' });
  });

  it('applicability: builds a new applic from ACT properties combined by and; it gets a fresh id and is given to the cursor', SLOW, async () => {
    const { onInsert } = show('applic');
    const form = await screen.findByTestId('new-applic');
    expect(within(form).getByTestId('new-applic-apply')).toHaveProperty('disabled', true);
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Property 1' }));
    // The serial number (the PCT's primary key) is not offered; ACT and CCT properties are.
    expect(screen.queryByTitle('Serial number (serialno, ACT)')).toBeNull();
    await pickOption('Type (type, ACT)');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Values 1' }));
    await pickOption('Mountain bicycle');
    fireEvent.click(within(form).getByRole('button', { name: /Add a condition/ }));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Property 2' }));
    await pickOption('Version (version, ACT)');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Values 2' }));
    await pickOption('Mk9');
    expect(within(form).getByLabelText('Display text')).toHaveProperty('placeholder', 'Type: Mountain bicycle and Version: Mk9');
    const apply = within(form).getByTestId('new-applic-apply');
    expect(apply).toHaveProperty('disabled', false);
    fireEvent.click(apply);
    // MODULE has the applic apMK9 only: the first free id is app-0001.
    expect(onInsert).toHaveBeenLastCalledWith({
      kind: 'applic',
      applicRefId: 'app-0001',
      newApplic: {
        id: 'app-0001',
        displayText: 'Type: Mountain bicycle and Version: Mk9',
        andOr: 'and',
        conditions: [
          { ident: 'type', type: 'prodattr', values: ['Mountain bicycle'] },
          { ident: 'version', type: 'prodattr', values: ['Mk9'] },
        ],
      },
    });
  });

  it('CIR: finds a repository item by its key and inserts the reference that names it', SLOW, async () => {
    const { onInsert } = show('cir');
    fireEvent.change(screen.getByLabelText(/^Search the library’s repository items by key/), { target: { value: 'elo' } });
    await waitFor(() => expect(screen.queryByText('Batt')).toBeNull());
    fireEvent.click(await screen.findByText('ELO-Box'));
    expect(onInsert).toHaveBeenCalledWith({ kind: 'cir', ref: 'functionalItemRef', attrs: { functionalItemNumber: 'ELO-Box' } });
  });
});
