import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { renderPage } from '../../../../test/render-page';
import { S1000dAttributesPanel } from './S1000dAttributesPanel';

beforeAll(async () => {
  await i18n.loadNamespaces(['topic-editor']);
});
afterAll(() => i18n.changeLanguage('en'));

/** proceduralStep's attributes as the 5.0 proced.xsd declares them (a subset, with its enumerations). */
const GRAMMAR = {
  proceduralStep: {
    children: ['para', 'proceduralStep'],
    text: false,
    attributes: [
      { name: 'id' },
      { name: 'applicRefId' },
      { name: 'changeMark', values: ['0', '1'] },
      { name: 'changeType', values: ['add', 'delete', 'modify'] },
      { name: 'reasonForUpdateRefIds' },
      { name: 'securityClassification', values: ['01', '02', '03'] },
      { name: 'authorityName' },
    ],
  },
};
const XML = `<dmodule><identAndStatusSection/><content><referencedApplicGroup>
<applic id="app-0001"><displayText><simplePara>Brook trekker</simplePara></displayText><assert applicPropertyIdent="model" applicPropertyType="prodattr" applicPropertyValues="Brook trekker"/></applic>
<applic id="app-0002"><displayText><simplePara>Mountain storm</simplePara></displayText><assert applicPropertyIdent="model" applicPropertyType="prodattr" applicPropertyValues="Mountain storm"/></applic>
</referencedApplicGroup><procedure/></content></dmodule>`;

const pick = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
};

describe('the attributes of an S1000D element', () => {
  it('offers what the schema declares (no DITA attributes), the applics by display text, and applies them all', async () => {
    const onApply = vi.fn();
    renderPage(
      <S1000dAttributesPanel
        element={{ name: 'proceduralStep', attrs: { id: 'stp-0001', applicRefId: 'app-0001' } }}
        grammar={GRAMMAR}
        readContent={() => XML}
        readOnly={false}
        onApply={onApply}
      />,
    );
    expect(await screen.findByText('Element <proceduralStep>')).toBeTruthy();
    for (const name of ['id', 'applicRefId', 'changeMark', 'changeType', 'securityClassification', 'authorityName'])
      expect(screen.getByText(name, { selector: 'label' })).toBeTruthy();
    expect(screen.queryByText('outputclass')).toBeNull();
    expect(screen.queryByText('audience')).toBeNull();
    await pick('applicRefId', 'app-0002: Mountain storm');
    await pick('changeMark', '1');
    await pick('changeType', 'modify');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(onApply.mock.calls[0]?.[0]).toEqual({
      id: 'stp-0001',
      applicRefId: 'app-0002',
      changeMark: '1',
      changeType: 'modify',
      reasonForUpdateRefIds: '',
      securityClassification: '',
      authorityName: '',
    });
  });

  it('refuses an id that is not an XML name, in Chinese too, and applies nothing', async () => {
    await i18n.changeLanguage('zh');
    try {
      const onApply = vi.fn();
      renderPage(
        <S1000dAttributesPanel element={{ name: 'proceduralStep', attrs: {} }} grammar={GRAMMAR} readContent={() => XML} readOnly={false} onApply={onApply} />,
      );
      fireEvent.change(await screen.findByRole('textbox', { name: 'id' }), { target: { value: '1 bad' } });
      fireEvent.click(screen.getByRole('button', { name: '应 用' }));
      expect(await screen.findByText('id 只能以字母或下划线开头，由字母、数字、.、_、- 组成')).toBeTruthy();
      expect(onApply).not.toHaveBeenCalled();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
