import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateItemProps, notBefore } from './pickers';

const formWith = (values: Record<string, unknown>) => ({ getFieldValue: (name: string) => values[name] });

describe('project form date helpers', () => {
  it('keeps dates as YYYY-MM-DD strings', () => {
    expect(dateItemProps.normalize(dayjs('2025-03-04T10:00:00'))).toBe('2025-03-04');
    expect(dateItemProps.normalize(null)).toBeNull();
    expect(dateItemProps.getValueProps('2025-03-04').value?.format('YYYY-MM-DD')).toBe('2025-03-04');
    expect(dateItemProps.getValueProps(null).value).toBeNull();
  });

  it('refuses an end date before the begin date, with the given message', async () => {
    const rule = notBefore('beginDate', 'end before begin')(formWith({ beginDate: '2025-05-02' }));
    await expect(rule.validator(null, '2025-05-01')).rejects.toThrow('end before begin');
    await expect(rule.validator(null, '2025-05-02')).resolves.toBeUndefined();
    await expect(notBefore('beginDate', 'x')(formWith({})).validator(null, '2025-01-01')).resolves.toBeUndefined();
  });
});
