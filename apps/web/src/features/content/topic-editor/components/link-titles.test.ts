import type { EditorLink } from '@ccms/contracts/content/topic-editor';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createDitaExtensions } from '../model/editor';
import { xmlToDoc } from '../model/to-editor';
import { docToXml } from '../model/to-xml';
import { LINK_TITLES_META, LinkTitles, linkOf, linkTitleMarks } from './link-titles';

const TOPIC = `<topic id="t"><title>T</title><body>
  <p>See <xref href="pump.dita"/> and <xref href="seal.dita#seal/s1">the seal check</xref>, <xref keyref="valve"/>, <xref href="gone.dita"/>.</p>
</body></topic>`;

const LINKS: EditorLink[] = [
  { attr: 'href', value: 'pump.dita', title: 'Installing the pump', problem: null },
  { attr: 'href', value: 'seal.dita#seal/s1', title: 'Checking the seals', problem: null },
  { attr: 'keyref', value: 'valve', title: 'The valve', problem: null },
  { attr: 'href', value: 'gone.dita', title: '', problem: 'The reference does not resolve: gone.dita' },
];

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('cross-references show their targets’ titles', () => {
  it('finds the answer by keyref first, else by href', () => {
    expect(linkOf({ href: 'pump.dita' }, LINKS)?.title).toBe('Installing the pump');
    expect(linkOf({ keyref: 'valve', href: 'pump.dita' }, LINKS)?.title).toBe('The valve');
    expect(linkOf({}, LINKS)).toBeUndefined();
  });

  it('an xref without text is drawn as its target’s title, greyed; one with text keeps it and gets the title as tooltip; a broken one its href', () => {
    editor = new Editor({ extensions: [...createDitaExtensions(), LinkTitles], content: xmlToDoc(TOPIC).doc });
    const dom = editor.view.dom;
    const refs = () => [...dom.querySelectorAll('[data-dita-ref="xref"]')].map((n) => n.textContent);
    expect(refs()).toEqual(['pump.dita', '[valve]', 'gone.dita']);
    editor.view.dispatch(editor.state.tr.setMeta(LINK_TITLES_META, LINKS));
    expect(refs()).toEqual(['Installing the pump', 'The valve', 'gone.dita']);
    const generated = [...dom.querySelectorAll('.te-generated')];
    expect(generated.map((n) => n.getAttribute('title'))).toEqual(['pump.dita', 'valve']);
    const withText = dom.querySelector('[data-dita="xref"]');
    expect(withText?.textContent).toBe('the seal check');
    const tooltip = withText?.closest('[title]') ?? withText?.querySelector('[title]');
    expect(tooltip?.getAttribute('title')).toBe('Checking the seals');
    expect(linkTitleMarks(editor.state.doc, LINKS).map((m) => [m.title, m.generated])).toEqual([
      ['Installing the pump', true],
      ['Checking the seals', false],
      ['The valve', true],
    ]);
    // Drawn only: the file is written as it was.
    expect(docToXml(editor.state.doc, TOPIC)).toBe(TOPIC);
  });
});
