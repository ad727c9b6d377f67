import { describe, expect, it } from 'vitest';
import { fieldOfMessage } from './use-entity-form';

describe('fieldOfMessage', () => {
  it('finds the field a sentence starts with, the longest first, never a prefix of a longer name', () => {
    const fields = ['tag', 'tagName', 'remark'];
    expect(fieldOfMessage('tagName must be at most 64 characters', fields)).toBe('tagName');
    expect(fieldOfMessage('tagName不能为空', fields)).toBe('tagName');
    expect(fieldOfMessage('tagNames are many', fields)).toBeUndefined();
    expect(fieldOfMessage('Unsupported field: remark', fields)).toBeUndefined();
  });
});
