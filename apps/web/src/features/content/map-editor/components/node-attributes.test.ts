import { describe, expect, it } from 'vitest';
import { changesOf } from './NodeAttributes';

describe('node attributes form', () => {
  it('turns the form values into attribute changes, empty and missing fields removing their attribute', () => {
    expect(changesOf({ toc: 'no', keys: ' a b ', href: '', audience: ['admin', 'novice'], locktitle: true, navtitle: ' T ' })).toEqual({
      attrs: {
        href: null,
        keys: 'a b',
        keyref: null,
        toc: 'no',
        'processing-role': null,
        chunk: null,
        format: null,
        scope: null,
        'copy-to': null,
        audience: 'admin novice',
        platform: null,
        product: null,
        props: null,
        otherprops: null,
        locktitle: 'yes',
      },
      navtitle: 'T',
      linktext: '',
      keywords: '',
    });
  });
});
