import { describe, expect, it } from 'vitest';
import { previewWithImages } from './preview-images';

const target = { libraryId: 7, branch: 'main', path: 'topics/replace.dita' };

describe('the preview draws the topic’s images from the library', () => {
  it('points each relative <img src> at the graphic route with the ticket; external and data URLs stay', () => {
    const html =
      '<p><img class="image" src="../images/cartridge.svg" alt="A &amp; B"></p><img src="https://example.com/x.png"><img src="data:image/png;base64,AA=="><img alt="x" src="a&amp;b.png">';
    const out = previewWithImages(html, target, 'tk.1');
    const srcs = [...out.matchAll(/src="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
    const [first, second, third, fourth] = srcs;
    const [route, query] = (first ?? '').split('?');
    expect(route).toMatch(/\/ccms\/graphic\/raw$/);
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ libraryId: '7', branch: 'main', path: 'images/cartridge.svg', ticket: 'tk.1' });
    expect(second).toBe('https://example.com/x.png');
    expect(third).toBe('data:image/png;base64,AA==');
    expect(new URLSearchParams(fourth?.split('?')[1]).get('path')).toBe('topics/a&b.png');
    expect(out).toContain('alt="A &amp; B"');
  });
});
