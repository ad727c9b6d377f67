import { describe, expect, it } from 'vitest';
import type { XmlElement } from '../xml/xml-dom.js';
import { parseXml } from '../xml/xml-parser.js';
import { classTokens, generalizeTo, specializes } from './dita-classes.js';

const el = (xml: string): XmlElement => {
  const root = parseXml(xml, 'x.dita').root;
  if (root === undefined) throw new Error('no root');
  return root;
};

describe('@class ancestry without DTD defaults', () => {
  it('reads @class when written, else the OASIS ancestry, else a base element of the name', () => {
    expect(classTokens(el('<step/>'))).toEqual(['topic/li', 'task/step']);
    expect(classTokens(el('<xmlelement/>'))).toEqual(['topic/keyword', 'markup-d/markupname', 'xml-d/xmlelement']);
    expect(classTokens(el('<x class="- topic/li task/step my/x "/>'))).toEqual(['topic/li', 'task/step', 'my/x']);
    expect(classTokens(el('<li/>'))).toEqual(['*/li']);
  });

  it('tells a specialization from a generalization and a sibling type', () => {
    expect(specializes(el('<step/>'), el('<li/>'))).toBe(true);
    expect(specializes(el('<li/>'), el('<step/>'))).toBe(false);
    expect(specializes(el('<choice/>'), el('<step/>'))).toBe(false);
    expect(specializes(el('<x class="- topic/li task/step my/x "/>'), el('<step/>'))).toBe(true);
    expect(specializes(el('<xmlatt/>'), el('<keyword/>'))).toBe(true);
    expect(specializes(el('<xmlatt/>'), el('<markupname/>'))).toBe(true);
    expect(specializes(el('<xmlatt/>'), el('<ph/>'))).toBe(false);
  });

  it('generalizes an element and the descendants of the modules its target lacks, keeping domain elements', () => {
    const step = el('<step class="- topic/li task/step "><cmd>Do <b>it</b></cmd><info><p>More</p></info><stepresult>Done</stepresult></step>');
    generalizeTo(step, el('<li/>'));
    const names = (e: XmlElement): string =>
      `${e.name}${e.attrs.class ? `[${e.attrs.class}]` : ''}(${e.children.map((c) => (c.type === 'element' ? names(c) : '')).join('')})`;
    expect(names(step)).toBe('li[- topic/li ](ph(b())itemgroup(p())itemgroup())');
    const mine = el('<mystep class="- topic/li task/step my/mystep "><cmd/></mystep>');
    generalizeTo(mine, el('<step/>'));
    expect(names(mine)).toBe('step[- topic/li task/step ](cmd())');
  });
});
