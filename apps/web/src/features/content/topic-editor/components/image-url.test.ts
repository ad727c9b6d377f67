import { describe, expect, it } from 'vitest';
import { imagePath, imageUrl } from './use-reference-resolvers';

describe('the URL an image of the topic is drawn from', () => {
  it('resolves the href against the topic folder; external, absolute and escaping hrefs are not library paths', () => {
    expect(imagePath('topics/replace.dita', { href: '../images/cartridge.svg' })).toBe('images/cartridge.svg');
    expect(imagePath('topics/a/b.dita', { href: './img/x%20y.png#frag' })).toBe('topics/a/img/x y.png');
    expect(imagePath('b.dita', { href: '../x.png' })).toBeUndefined();
    expect(imagePath('t.dita', { href: 'https://example.com/x.png' })).toBeUndefined();
    expect(imagePath('t.dita', { href: 'x.png', scope: 'external' })).toBeUndefined();
    expect(imagePath('t.dita', { keyref: 'logo' })).toBeUndefined();
  });

  it('is the library graphic with the open answer’s ticket (an <img> sends no token), an external href as written', () => {
    const url = imageUrl({ libraryId: 7, branch: 'main', path: 'topics/replace.dita' }, 'tk.1', { href: '../images/cartridge.svg' }) ?? '';
    const [route, query] = url.split('?');
    expect(route).toMatch(/\/ccms\/graphic\/raw$/);
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ libraryId: '7', branch: 'main', path: 'images/cartridge.svg', ticket: 'tk.1' });
    expect(imageUrl({ libraryId: 7, path: 't.dita' }, 'tk', { href: 'https://example.com/x.png', scope: 'external' })).toBe('https://example.com/x.png');
    expect(imageUrl({ libraryId: 7, path: 't.dita' }, 'tk', { keyref: 'logo' })).toBeUndefined();
  });
});
