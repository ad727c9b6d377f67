import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { containing, escapeLike, parseStamp, startingWith } from './filters';

describe('LIKE patterns', () => {
  it("takes the user's own %, _ and \\ literally", () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(containing('a%b')).toBe('%a\\%b%');
    expect(containing('plain')).toBe('%plain%');
    expect(startingWith('a_b/')).toBe('a\\_b/%');
  });
});

describe('date range bounds', () => {
  it('reads a bare date as the start or the whole of that day, in server time', () => {
    expect(parseStamp('2024-05-01', 'params[beginTime]', 'begin')).toEqual(new Date(2024, 4, 1, 0, 0, 0, 0));
    expect(parseStamp('2024-05-01', 'params[endTime]', 'end')).toEqual(new Date(2024, 4, 1, 23, 59, 59, 999));
  });

  it('keeps a time when one is given', () => {
    expect(parseStamp('2024-05-01 08:30', 'params[beginTime]', 'begin')).toEqual(new Date(2024, 4, 1, 8, 30, 0, 0));
    expect(parseStamp('2024-05-01T08:30:15', 'params[endTime]', 'end')).toEqual(new Date(2024, 4, 1, 8, 30, 15, 999));
  });

  it('is no bound when empty, and a 400 naming the field when not a date', () => {
    expect(parseStamp(undefined, 'params[beginTime]', 'begin')).toBeUndefined();
    expect(parseStamp('', 'params[beginTime]', 'begin')).toBeUndefined();
    for (const bad of ['yesterday', '2024-02-30', '2024-13-01', '2024-05-01 24:00']) {
      try {
        parseStamp(bad, 'params[endTime]', 'end');
        expect.unreachable(`${bad} was accepted`);
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect(err).toMatchObject({ code: 400, key: 'field.invalidFormat', params: { field: 'params[endTime]' } });
      }
    }
  });
});
