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

  it('reads clause numbers as aviation writes them: appendices, EASA CS/AMC/GM, FAA AC and SFAR, ATA chapters', () => {
    expect(parentNumberOf('H25.1')).toBe('H25');
    expect(parentNumberOf('AMC 25.1309')).toBe('AMC 25');
    expect(parentNumberOf('AMC 25')).toBe('');
    expect(parentNumberOf('CS 25.1309(a)(1)')).toBe('CS 25.1309(a)');
    expect(parentNumberOf('21-51-00')).toBe('21-51');
    const { clauses, badLine } = parseOutline(
      [
        'CS 25.1309 Equipment, systems and installations',
        'The equipment must be designed to perform as intended.',
        'CS 25.1309(a)(1) Normal operation',
        'AMC 25.1309 System design and analysis',
        'AMC1 25.1309 Another means',
        'GM 25.1309 Guidance',
        'AC 25.1309-1A System design and analysis',
        'SFAR 88 Fuel tank system safety',
        'H25.1 General',
        'H25.4 Airworthiness limitations section',
        '25.1309(a)(1) Normal operation, as the FAR numbers it',
        'ATA 21-51-00 Air cooling',
        '21-51-00 Air cooling',
        '21-51-10 Pack',
      ].join('\n'),
    );
    expect(badLine).toBeUndefined();
    expect(clauses.map((c) => [c.number, c.parentNumber, c.title])).toEqual([
      ['CS 25.1309', '', 'Equipment, systems and installations'],
      ['CS 25.1309(a)(1)', 'CS 25.1309', 'Normal operation'],
      ['AMC 25.1309', '', 'System design and analysis'],
      ['AMC1 25.1309', '', 'Another means'],
      ['GM 25.1309', '', 'Guidance'],
      ['AC 25.1309-1A', '', 'System design and analysis'],
      ['SFAR 88', '', 'Fuel tank system safety'],
      ['H25.1', '', 'General'],
      ['H25.4', '', 'Airworthiness limitations section'],
      ['25.1309(a)(1)', '', 'Normal operation, as the FAR numbers it'],
      ['ATA 21-51-00', '', 'Air cooling'],
      ['21-51-00', '', 'Air cooling'],
      ['21-51-10', '', 'Pack'],
    ]);
    expect(clauses[0]?.text).toBe('The equipment must be designed to perform as intended.');
  });

  it('refuses text before the first clause, naming the line', () => {
    expect(parseOutline('\nSome preface\n1 One').badLine).toBe(2);
  });
});
