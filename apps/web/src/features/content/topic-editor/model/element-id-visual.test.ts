import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createDitaExtensions } from './editor';
import { linkableElement } from './element-id';
import { elementPathAtPos } from './element-path';
import { xmlToDoc } from './to-editor';
import { docToXml } from './to-xml';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<topic id="limits" xml:lang="en-US"><title>Limits</title><body><p id="vmo">The maximum operating speed is shown.</p><p>The flight manual is furnished.</p></body></topic>
`;

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

describe('the visual view cursor element for a regulation link', () => {
  it('finds the paragraph the cursor is in, in the XML the view writes', () => {
    const { doc } = xmlToDoc(XML);
    editor = new Editor({ extensions: createDitaExtensions(), content: doc });
    let pos = -1;
    editor.state.doc.descendants((n, p) => {
      if (pos < 0 && n.isText && n.text?.includes('flight manual')) pos = p + 2;
      return pos < 0;
    });
    const path = elementPathAtPos(editor.state.doc, pos);
    const xml = docToXml(editor.getJSON(), XML);
    expect(path.map((s) => s.name)).toEqual(['topic', 'body', 'p']);
    expect(linkableElement(xml, path)).toMatchObject({ name: 'p', isNew: true });
  });
});
