import { parseXml, type XmlElement } from '@ccms/dita';
import { describe, expect, it } from 'vitest';
import { type AnchorTree, anchorAt, findQuote, fuzzyFind, indexText, normalizeText, reanchor, type TextAnchor, type TextIndex } from './review-anchor';

const treeOf = (el: XmlElement): AnchorTree => ({
  name: el.name,
  id: el.attrs.id ?? '',
  children: el.children.map((c) => (c.type === 'text' ? c.text : treeOf(c))),
});
const index = (xml: string): TextIndex => {
  const { root } = parseXml(xml, 't.dita');
  if (!root) throw new Error('no root');
  return indexText(treeOf(root));
};
const topic = (body: string) => `<concept id="c"><title>Power</title><conbody>${body}</conbody></concept>`;

/** The anchor a reviewer makes by selecting `quote` (its n-th occurrence) in the document. */
const select = (ix: TextIndex, quote: string, nth = 0) => {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = ix.text.indexOf(quote, at + 1);
  if (at < 0) throw new Error(`"${quote}" not in ${ix.text}`);
  return anchorAt(ix, at, at + quote.length);
};
/** The text the anchor points at in the document. */
const textAt = (ix: TextIndex, a: TextAnchor) => {
  const el = ix.elements.find((e) => e.path === a.elementPath);
  if (!el) throw new Error(`no element ${a.elementPath}`);
  return ix.text.slice(el.start + a.rangeStart, el.start + a.rangeEnd);
};

const BEFORE = topic('<p id="p1">First paragraph.</p><p id="p2">Press the red switch to turn it on.</p><p>Then wait.</p>');

describe('indexText', () => {
  it('collapses whitespace, names elements by path and keeps their text ranges', () => {
    const ix = index('<concept id="c">\n  <title>Power</title>\n  <conbody>\n    <p>a\n     b</p>\n    <p id="x">c <b>d</b></p>\n  </conbody>\n</concept>');
    expect(ix.text).toBe('Power a b c d ');
    expect(ix.elements.map((e) => [e.path, e.id, ix.text.slice(e.start, e.end)])).toEqual([
      ['/concept', 'c', 'Power a b c d '],
      ['/concept/title[1]', '', 'Power'],
      ['/concept/conbody[1]', '', 'a b c d '],
      ['/concept/conbody[1]/p[1]', '', 'a b'],
      ['/concept/conbody[1]/p[2]', 'x', 'c d'],
      ['/concept/conbody[1]/p[2]/b[1]', '', 'd'],
    ]);
  });
});

describe('anchorAt', () => {
  it('anchors a selection to its innermost element with offsets, the quote and context', () => {
    const ix = index(BEFORE);
    expect(select(ix, 'red switch')).toEqual({
      elementId: 'p2',
      elementPath: '/concept/conbody[1]/p[2]',
      rangeStart: 10,
      rangeEnd: 20,
      quote: 'red switch',
      prefix: 'PowerFirst paragraph.Press the ',
      suffix: ' to turn it on.Then wait.',
    });
  });
});

describe('reanchor', () => {
  const made = select(index(BEFORE), 'red switch');

  it('finds the quote at its place when nothing changed', () => {
    const ix = index(BEFORE);
    expect(reanchor(made, ix)).toEqual({ anchor: made, found: 'exact' });
  });

  it('follows the quote when text is inserted before it in its element', () => {
    const ix = index(BEFORE.replace('Press the red', 'When the lamp is off, press the big red'));
    const r = reanchor(made, ix);
    expect(r?.found).toBe('element');
    expect(r?.anchor).toMatchObject({ elementId: 'p2', quote: 'red switch', rangeStart: 36, rangeEnd: 46, prefix: expect.stringMatching(/press the big $/) });
    expect(textAt(ix, r?.anchor as TextAnchor)).toBe('red switch');
  });

  it('keeps the anchor when text after it or inside other elements changes', () => {
    const ix = index(BEFORE.replace('to turn it on.', 'until the lamp lights.').replace('First paragraph.', 'A much longer first paragraph.'));
    const r = reanchor(made, ix);
    expect(r?.found).toBe('exact');
    expect(textAt(ix, r?.anchor as TextAnchor)).toBe('red switch');
  });

  it('follows text inserted inside the element before the quote as markup (a new inline element)', () => {
    const ix = index(BEFORE.replace('Press the red', 'Press <b>firmly</b> the red'));
    const r = reanchor(made, ix);
    expect(r?.anchor.elementPath).toBe('/concept/conbody[1]/p[2]');
    expect(textAt(ix, r?.anchor as TextAnchor)).toBe('red switch');
  });

  it('follows an element with an id that moved elsewhere in the document', () => {
    const moved = topic('<section><title>Start</title><p id="p2">Press the red switch to turn it on.</p></section><p id="p1">First paragraph.</p>');
    const ix = index(moved);
    const r = reanchor(made, ix);
    expect(r?.anchor).toMatchObject({ elementId: 'p2', elementPath: '/concept/conbody[1]/section[1]/p[1]', quote: 'red switch' });
    expect(textAt(ix, r?.anchor as TextAnchor)).toBe('red switch');
  });

  it('finds the quote by path when the element’s id changed', () => {
    const ix = index(BEFORE.replace('id="p2"', 'id="power-on"'));
    const r = reanchor(made, ix);
    expect(r?.anchor).toMatchObject({ elementId: 'power-on', elementPath: '/concept/conbody[1]/p[2]', rangeStart: 10 });
    expect(r?.found).toBe('exact');
  });

  it('finds the quote anywhere in the document by its context when neither id nor path holds it', () => {
    const ix = index(topic('<p>New intro.</p><p id="p1">First paragraph.</p><p id="renamed">Press the red switch to turn it on.</p><p>Then wait.</p>'));
    const r = reanchor(made, ix);
    expect(r?.found).toBe('document');
    expect(r?.anchor).toMatchObject({ elementId: 'renamed', elementPath: '/concept/conbody[1]/p[3]' });
    expect(textAt(ix, r?.anchor as TextAnchor)).toBe('red switch');
  });

  it('tells repeated words apart by their context', () => {
    const xml = topic('<p>Set the switch off. Then set the switch on.</p>');
    const second = select(index(xml), 'switch', 1);
    const ix = index(xml.replace('Set the switch off.', 'First, set the switch off (the left one).'));
    const r = reanchor(second, ix);
    expect(r?.anchor.suffix.startsWith(' on.')).toBe(true);
    expect(textAt(ix, r?.anchor as TextAnchor)).toBe('switch');
  });

  it('follows a quote whose own words were lightly edited (a near match), keeping the quote as written', () => {
    const ix = index(BEFORE.replace('red switch', 'red swtich'));
    const r = reanchor(made, ix);
    expect(r?.found).toBe('fuzzy');
    expect(r?.anchor.quote).toBe('red switch');
    expect(textAt(ix, r?.anchor as TextAnchor)).toBe('red swtich');
  });

  it('is gone only when the quoted text was deleted or rewritten', () => {
    expect(reanchor(made, index(BEFORE.replace('red switch ', '')))).toBeNull();
    expect(reanchor(made, index(BEFORE.replace('<p id="p2">Press the red switch to turn it on.</p>', '')))).toBeNull();
    expect(reanchor(made, index(BEFORE.replace('red switch', 'blue lever')))).toBeNull();
  });

  it('matches across changed whitespace (a re-indented paragraph)', () => {
    const ix = index(BEFORE.replace('Press the red switch', 'Press the red\n        switch'));
    expect(textAt(ix, reanchor(made, ix)?.anchor as TextAnchor)).toBe('red switch');
  });

  it('keeps a quote that never had a place (typed or imported free text) on its element while the element is there', () => {
    const typed: TextAnchor = { elementId: 'p2', elementPath: '', rangeStart: 0, rangeEnd: 0, quote: 'the switch, roughly', prefix: '', suffix: '' };
    expect(reanchor(typed, index(BEFORE))?.anchor).toMatchObject({ elementId: 'p2', elementPath: '/concept/conbody[1]/p[2]', quote: 'the switch, roughly' });
    expect(reanchor(typed, index(BEFORE.replace('id="p2"', 'id="other"')))).toBeNull();
  });

  it('keeps an anchor without a quote on its element, gone with it', () => {
    const whole: TextAnchor = { elementId: '', elementPath: '/concept/conbody[1]/p[3]', rangeStart: 0, rangeEnd: 0, quote: '', prefix: '', suffix: '' };
    expect(reanchor(whole, index(BEFORE))?.anchor.elementPath).toBe('/concept/conbody[1]/p[3]');
    expect(reanchor(whole, index(topic('<p>only</p>')))).toBeNull();
  });
});

describe('findQuote and fuzzyFind', () => {
  it('prefers the better context, then the nearer place', () => {
    const text = 'a cat sat. a cat ran. a cat sat.';
    expect(findQuote(text, { quote: 'cat', suffix: ' ran' })).toEqual({ start: 13, end: 16 });
    expect(findQuote(text, { quote: 'cat', suffix: ' sat', near: 25 })).toEqual({ start: 24, end: 27 });
    expect(findQuote(text, { quote: 'dog' })).toBeNull();
  });

  it('finds a near match within a quarter of the quote’s length, not beyond', () => {
    expect(fuzzyFind('turn the power knob clockwise', 'power nob')).toMatchObject({ start: 9, errors: 1 });
    expect(fuzzyFind('turn the power knob clockwise', 'battery')).toBeNull();
    expect(fuzzyFind('abc', 'ab')).toBeNull();
  });

  it('collapses whitespace as the document text does', () => {
    expect(normalizeText('a \n\t b')).toBe('a b');
  });
});
