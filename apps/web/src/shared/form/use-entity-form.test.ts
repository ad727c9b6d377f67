import { describe, expect, it } from 'vitest';
import { fieldOfMessage } from './use-entity-form';

describe('fieldOfMessage', () => {
  it('finds the field a sentence names by its label, in the sentence language', () => {
    const fields = ['tag', 'tagName', 'remark'];
    expect(fieldOfMessage('Tag name must be at most 64 characters', fields, 'en')).toBe('tagName');
    expect(fieldOfMessage('标签名称不能为空', fields, 'zh')).toBe('tagName');
    expect(fieldOfMessage('备注长度不能超过500个字符', fields, 'zh')).toBe('remark');
    expect(fieldOfMessage('Unsupported field: remark', fields, 'en')).toBeUndefined();
  });

  it('takes the longest label, never the start of a longer one', () => {
    expect(fieldOfMessage('标题路径不能为空', ['title'], 'zh')).toBeUndefined();
    expect(fieldOfMessage('标题路径不能为空', ['title', 'titlePath'], 'zh')).toBe('titlePath');
    expect(fieldOfMessage('Title path is required', ['title', 'titlePath'], 'en')).toBe('titlePath');
  });

  it('finds a field without a label by its key, never a prefix of a longer name', () => {
    const fields = ['tag', 'tagNames', 'someKey'];
    expect(fieldOfMessage('someKey is required', fields, 'en')).toBe('someKey');
    expect(fieldOfMessage('tagNamesX are many', fields, 'en')).toBeUndefined();
  });
});
