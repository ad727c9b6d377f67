import { describe, expect, it } from 'vitest';
import { parentNumberOf, parseOutline } from './clause-outline';

describe('clause outline', () => {
  it('takes the hierarchy from the numbering', () => {
    expect(parentNumberOf('25.1581(a)(2)')).toBe('25.1581(a)');
    expect(parentNumberOf('25.1581(a)')).toBe('25.1581');
    expect(parentNumberOf('25.1581')).toBe('25');
    expect(parentNumberOf('25')).toBe('');
    const { clauses } = parseOutline(
      [
        '25.1581 General',
        'Each aeroplane must have a manual.',
        '25.1581(a) Furnishing',
        '(text)',
        '25.1581(a)(2) Other information',
        '',
        '25.1583 Limits',
      ].join('\n'),
    );
    expect(clauses.map((c) => [c.number, c.parentNumber, c.title, c.text])).toEqual([
      ['25.1581', '', 'General', 'Each aeroplane must have a manual.'],
      ['25.1581(a)', '25.1581', 'Furnishing', '(text)'],
      ['25.1581(a)(2)', '25.1581(a)', 'Other information', ''],
      ['25.1583', '', 'Limits', ''],
    ]);
  });

  it('refuses text before the first clause, naming the line', () => {
    expect(parseOutline('\nSome preface\n1 One').badLine).toBe(2);
  });
});
