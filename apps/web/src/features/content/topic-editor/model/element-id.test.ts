import { describe, expect, it } from 'vitest';
import { linkableElement, withElementId } from './element-id';
import { elementPathAtOffset } from './element-path';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<topic id="t"><title>T</title><body><p id="p_1">One</p><p class="- topic/p ">Two</p></body></topic>
`;

describe('element ids for regulation links', () => {
  it('reads the id of the cursor element, or proposes a unique new one and writes only that attribute', () => {
    const first = elementPathAtOffset(XML, XML.indexOf('One'));
    expect(linkableElement(XML, first)).toEqual({ name: 'p', id: 'p_1', isNew: false });
    const second = elementPathAtOffset(XML, XML.indexOf('Two'));
    const proposed = linkableElement(XML, second);
    expect(proposed?.isNew).toBe(true);
    expect(proposed?.id).toMatch(/^p_[a-z0-9]+$/);
    expect(proposed?.id).not.toBe('p_1');
    const next = withElementId(XML, second, proposed?.id ?? '');
    expect(next).toBe(XML.replace('<p class=', `<p id="${proposed?.id}" class=`));
    expect(linkableElement(next, second)).toEqual({ name: 'p', id: proposed?.id, isNew: false });
  });
});
