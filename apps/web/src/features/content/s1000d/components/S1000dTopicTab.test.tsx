import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../i18n';
import { fakeFeedback, fakeServer } from '../../../../test/fakes';
import { bikeServer, queryOf, topicDetail } from '../testing/bike';
import { S1000dTopicTab } from './S1000dTopicTab';

let calls: InternalAxiosRequestConfig[] = [];
let feedback = fakeFeedback();

beforeAll(async () => {
  await i18n.loadNamespaces(['s1000d', 'document', 'shared']);
});
beforeEach(() => {
  feedback = fakeFeedback();
  calls = fakeServer(bikeServer());
});
afterAll(() => i18n.changeLanguage('en'));

const brexModule = topicDetail({
  topicId: 52,
  path: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T-H31A_002-00_EN-US.XML',
  no: 'DMC-S1000DBIKE-AAA-D00-00-00-00AA-952A-T-H31A',
});

const show = (topic = topicDetail()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <S1000dTopicTab topic={topic} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** Opens an antd select by its data-testid and picks the option with this text. */
async function pick(testId: string, option: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(option));
}

const asked = (path: string) => calls.filter((c) => c.url?.startsWith(path)).map(queryOf);

describe('the S1000D tab of a data module', () => {
  it("lists the module's facts, issue type, quality assurance and kind in words", () => {
    show();
    const facts = screen.getByTestId('s1000d-facts');
    expect(within(facts).getByText('DMC-S1000DBIKE-AAA-D00-00-00-00AA-258A-A')).toBeTruthy();
    expect(within(facts).getByTestId('s1000d-fact-kind').textContent).toBe('Data module');
    expect(within(facts).getByTestId('s1000d-fact-issueType').textContent).toBe('Changed');
    expect(within(facts).getByTestId('s1000d-fact-qualityAssurance').textContent).toBe('First verification');
    expect(within(facts).getByTestId('s1000d-fact-issue').textContent).toBe('008-00');
    expect(within(facts).getByTestId('s1000d-fact-schema').textContent).toBe('proced');
    expect(within(facts).getByTestId('s1000d-fact-applic').textContent).toBe('Brook trekker Mk9 or Mountain storm Mk1');
    expect(within(facts).getByTestId('s1000d-fact-s1000dIssue').textContent).toBe('4.1');
  });

  it('shows an issue type the standard adds later as it comes, and a refusal to read the module', () => {
    show(topicDetail({ facts: { standard: 's1000d', kind: 'dm', issueType: 'rinstate-other', refused: 'not well-formed (line 3)' } }));
    expect(screen.getByTestId('s1000d-fact-issueType').textContent).toBe('rinstate-other');
    expect(screen.getByTestId('s1000d-fact-refused').textContent).toBe('not well-formed (line 3)');
  });

  it("lists the file's problems, asked by its path: severity, line, message, XPath, code", async () => {
    show(brexModule);
    const problems = await screen.findByTestId('s1000d-file-problems');
    const row = (await within(problems).findByText(/@infoCode 952 is not allowed/)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Error')).toBeTruthy();
    expect(within(row).getByText('13')).toBeTruthy();
    expect(within(row).getByText('brex-rule')).toBeTruthy();
    expect(within(row).getByText('/dmodule[1]/identAndStatusSection[1]/dmAddress[1]/dmIdent[1]/dmCode[1]/@infoCode')).toBeTruthy();
    expect(within(problems).getAllByTestId('problem-row')).toHaveLength(1);
    // One file: no file column.
    expect(within(problems).queryByRole('columnheader', { name: 'File' })).toBeNull();
    expect(asked('/ccms/catalog/problems')[0]?.get('path')).toBe(brexModule.path);
  });

  it('says when the file has no problems', async () => {
    show();
    expect(await within(await screen.findByTestId('s1000d-file-problems')).findByText('No problems')).toBeTruthy();
  });

  it('builds the instance for a product of the PCT: applies, elements removed, dangling references, the XML', async () => {
    show();
    await pick('s1000d-instance-product', '1B070701 — Mountain bicycle, Mountain storm, Mk1, PRE');
    const removed = await screen.findByTestId('s1000d-instance-removed');
    const stepRow = (await within(removed).findByText('proceduralStep')).closest('tr') as HTMLElement;
    expect(within(stepRow).getByText('7')).toBeTruthy();
    expect(within(within(removed).getByText('supplyDescr').closest('tr') as HTMLElement).getByText('1')).toBeTruthy();
    expect(screen.getByTestId('s1000d-instance-applies').textContent).toBe('Applies to the product');
    expect(screen.getByTestId('s1000d-instance-dangling').textContent).toBe('stp-0012');
    expect(screen.getByTestId('s1000d-instance-xml').textContent).toContain('<para>Clean the frame.</para>');
    const q = asked('/ccms/s1000d/instance')[0];
    expect(q?.get('topicId')).toBe('41');
    expect(q?.get('product')).toBe('1B070701');
  });

  it('offers the products with their values, and builds an instance from property values too', async () => {
    show();
    const select = await screen.findByTestId('s1000d-instance-product');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    await screen.findByTitle('1B070643 — Mountain bicycle, Brook trekker, Mk9, PRE');
    expect(screen.getByTitle('1B070644 — Mountain bicycle, Brook trekker, Mk9, POST-001')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'By property values' }));
    const form = await screen.findByTestId('s1000d-instance-product-properties');
    fireEvent.change(within(form).getByLabelText('Model'), { target: { value: 'Brook trekker' } });
    fireEvent.change(within(form).getByLabelText('Version'), { target: { value: 'Mk9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    const removed = await screen.findByTestId('s1000d-instance-removed');
    expect(within((await within(removed).findByText('proceduralStep')).closest('tr') as HTMLElement).getByText('5')).toBeTruthy();
    expect(asked('/ccms/s1000d/instance')[0]?.get('assign')).toBe('model=Brook trekker;version=Mk9');
  });

  it("shows the server's refusal in the user's language", async () => {
    calls = fakeServer((config) =>
      config.url?.startsWith('/ccms/s1000d/instance')
        ? { data: { code: 400, msg: 'Topic: "PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML" is not a data module' } }
        : bikeServer()(config),
    );
    show();
    await pick('s1000d-instance-product', '1B070643 — Mountain bicycle, Brook trekker, Mk9, PRE');
    await waitFor(() =>
      expect(feedback.notification.error).toHaveBeenCalledWith({ title: 'Topic: "PMC-S1000DBIKE-C3002-EPWG1-00_000-01_EN-US.XML" is not a data module' }),
    );
    expect(screen.queryByTestId('s1000d-instance-removed')).toBeNull();
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['s1000d', 'document', 'shared']);
    show();
    const facts = screen.getByTestId('s1000d-facts');
    expect(within(facts).getByTestId('s1000d-fact-issueType').textContent).toBe('更改');
    expect(within(facts).getByTestId('s1000d-fact-qualityAssurance').textContent).toBe('首次验证');
    expect(await screen.findByText('选择一个产品，生成该数据模块对此产品的实例')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
