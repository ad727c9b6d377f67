import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUSES, statusAfterEdit, TOPIC_STATUSES } from './status';

describe('statusAfterEdit', () => {
  it('sends an approved or published topic back to draft', () => {
    expect(statusAfterEdit('approved')).toBe('draft');
    expect(statusAfterEdit('published')).toBe('draft');
  });

  it('keeps every other status as it is', () => {
    const kept = [...new Set([...TOPIC_STATUSES, ...DOCUMENT_STATUSES])].filter((s) => s !== 'approved' && s !== 'published');
    expect(kept.length).toBeGreaterThan(3);
    for (const status of kept) expect(statusAfterEdit(status), status).toBe(status);
  });
});
