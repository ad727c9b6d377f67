import { messageCatalog } from '@ccms/contracts/messages';
import { describe, expect, it } from 'vitest';
import { AppError, badRequest, conflict, notFound, sentence } from './errors';

describe('AppError keys', () => {
  it('takes only keys the catalogue has (a missing one would reach users raw)', () => {
    // @ts-expect-error 'validation.required' is not in the catalogue: it does not compile.
    const planted = badRequest('validation.required');
    expect(planted.key in messageCatalog.en).toBe(false);
    // @ts-expect-error neither does a key built from free text.
    notFound(`explorer.${String('gone')}`);
    for (const e of [badRequest('field.required', { field: 'x' }), notFound(), conflict()]) {
      expect(e.key in messageCatalog.en && e.key in messageCatalog.zh).toBe(true);
    }
  });

  it('sends a sentence already in the caller’s language as it is', () => {
    const e = new AppError(400, sentence('Parameter "days" must be a number'));
    expect(e.key).toBe('Parameter "days" must be a number');
  });
});
