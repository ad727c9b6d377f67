import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldLabels, requestPartLabel, requestPartLabels, withLeadingLabel } from './fields';

describe('fieldLabel', () => {
  it('names a field by its label in each language', () => {
    expect(fieldLabel('zh', 'title')).toBe('标题');
    expect(fieldLabel('en', 'title')).toBe('Title');
    expect(fieldLabel('zh', 'writerId')).toBe('编写人');
    expect(fieldLabel('en', 'writerId')).toBe('Writer');
    expect(fieldLabel('zh', ['nickName'])).toBe('用户昵称');
  });

  it('labels the last named segment of a path, with its position', () => {
    expect(fieldLabel('zh', 'credential.username')).toBe('用户名');
    expect(fieldLabel('zh', 'items.0.title')).toBe('第 1 项的标题');
    expect(fieldLabel('en', ['items', 2, 'title'])).toBe('Title of item 3');
    expect(fieldLabel('zh', 'ids.1')).toBe('编号列表第 2 项');
    expect(fieldLabel('en', 'ids.1')).toBe('IDs, item 2');
    expect(fieldLabel('en', [0])).toBe('Item 1');
  });

  it("prefers a route's own labels, by dotted path or by key", () => {
    const own = { code: { zh: '验证码', en: 'Captcha' }, 'scope.name': { zh: '范围名称', en: 'Scope name' } };
    expect(fieldLabel('zh', 'code', own)).toBe('验证码');
    expect(fieldLabel('en', 'code')).toBe('Code');
    expect(fieldLabel('en', 'scope.name', own)).toBe('Scope name');
    expect(fieldLabel('en', 'other.name', own)).toBe('Name');
  });

  it('gives back what it cannot label: an unknown key, a sentence, a heading', () => {
    expect(fieldLabel('zh', 'noSuchField')).toBe('noSuchField');
    expect(fieldLabel('en', 'a.noSuchField')).toBe('a.noSuchField');
    expect(fieldLabel('en', 'row 4 Number')).toBe('row 4 Number');
    expect(fieldLabel('zh', '用户名称')).toBe('用户名称');
    expect(fieldLabel('en', '')).toBe('');
  });

  it('puts the label for the key a sentence starts with', () => {
    expect(withLeadingLabel('en', 'ditaMap: map "x" does not exist')).toBe('DITA map: map "x" does not exist');
    expect(withLeadingLabel('zh', 'owner：用户“x”不存在')).toBe('负责人：用户“x”不存在');
    expect(withLeadingLabel('en', 'credential.password: enter it again')).toBe('Password: enter it again');
    expect(withLeadingLabel('en', 'code: wrong', { code: { zh: '验证码', en: 'Captcha' } })).toBe('Captcha: wrong');
    // Not a leading field: left alone.
    expect(withLeadingLabel('en', 'The file: too big')).toBe('The file: too big');
    expect(withLeadingLabel('en', 'noSuchField: x')).toBe('noSuchField: x');
    expect(withLeadingLabel('en', '{field}: x')).toBe('{field}: x');
    expect(withLeadingLabel('en', 'ditaMap is required')).toBe('ditaMap is required');
  });

  it('names the parts of a request', () => {
    expect(requestPartLabel('zh', 'body')).toBe('请求内容');
    expect(requestPartLabel('en', 'querystring')).toBe('Query');
    expect(requestPartLabel('en', 'elsewhere')).toBe('elsewhere');
  });

  it('has every label in both languages', () => {
    const missing = Object.entries({ ...fieldLabels, ...requestPartLabels }).filter(([, label]) => !label.zh.trim() || !label.en.trim());
    expect(missing).toEqual([]);
  });
});
