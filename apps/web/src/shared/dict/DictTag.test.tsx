import type { DictItem } from '@ccms/contracts/system/dict';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DictTag } from './DictTag';
import { dictLabel, toOptions } from './use-dict';

const item = (value: string, zh: string, en: string, listClass: string): DictItem => ({
  dictCode: Number(value) + 1,
  dictSort: 0,
  dictLabel: zh,
  dictLabelZh: zh,
  dictLabelEn: en,
  dictValue: value,
  dictType: 'sys_normal_disable',
  listClass,
  cssClass: '',
  isDefault: 'N',
});
const items = [item('0', '正常', 'Normal', 'primary'), item('1', '停用', 'Disabled', 'danger'), item('2', '其他', 'Other', 'default')];

describe('dictionary options and tags', () => {
  it('labels follow the UI language', () => {
    expect(toOptions(items, 'zh').map((o) => o.label)).toEqual(['正常', '停用', '其他']);
    expect(toOptions(items, 'en').map((o) => o.label)).toEqual(['Normal', 'Disabled', 'Other']);
    expect(dictLabel(toOptions(items, 'en'), 1)).toBe('Disabled');
  });

  it('shows a coloured tag per listClass, plain text for default, several values comma-separated', () => {
    const { container } = render(<DictTag options={toOptions(items, 'en')} value="0,1,2,9" />);
    expect(screen.getByText('Normal').className).toContain('ant-tag');
    expect(screen.getByText('Disabled').className).toContain('ant-tag-error');
    expect(screen.getByText('Other').className).not.toContain('ant-tag');
    expect(screen.getByText('9')).toBeTruthy();
    expect(container.querySelectorAll('.ant-tag')).toHaveLength(2);
  });
});
