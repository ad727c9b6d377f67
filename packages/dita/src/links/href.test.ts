import { describe, expect, it } from 'vitest';
import { isAllowedLinkUrl, isAllowedUrl, refusalOf, urlScheme } from './href.js';

describe('URL schemes a page may carry', () => {
  it('keeps links with any RFC 3986 scheme but the ones that run script, carry inline data or open local files', () => {
    for (const url of [
      'news:comp.text.xml',
      'ftp://ftp.example.com/pub/a.zip',
      'tel:+1-555-0100',
      'sftp://host.example.com/file',
      'ssh://git@example.com',
      'urn:isbn:0-486-27557-4',
      'irc://irc.example.com/dita',
      'FTP://FTP.EXAMPLE.COM/',
      'x-custom.app+v2:open',
      'https://example.com/',
      'mailto:docs@example.com',
      'page.html#id',
      '#id',
    ])
      expect([url, isAllowedLinkUrl(url)]).toEqual([url, true]);
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' \n\tjavascript:alert(1)',
      'java\tscript:alert(1)',
      'java\u0000script:alert(1)',
      'vbscript:msgbox(1)',
      'VBScript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      ' DATA:text/html,x',
      'file:///etc/passwd',
      'C:\\Users\\me\\secret.txt',
      'c:/Users/me/secret.txt',
    ])
      expect([url, isAllowedLinkUrl(url)]).toEqual([url, false]);
  });

  it('loads (images, objects) only from http(s) and the publication itself', () => {
    expect(isAllowedUrl('https://example.com/a.png')).toBe(true);
    expect(isAllowedUrl('pictures/a.png')).toBe(true);
    for (const url of ['ftp://example.com/a.png', 'news:x', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd'])
      expect([url, isAllowedUrl(url)]).toEqual([url, false]);
  });

  it('says why a link is refused, naming the scheme as a browser reads it', () => {
    expect(urlScheme(' \tJava\nScript:alert(1)')).toBe('javascript');
    expect(refusalOf('a.dita', 'java\tscript:alert(1)', false, true)).toMatch(/^Link not published: the scheme "javascript:" is not allowed/);
    expect(refusalOf('a.dita', 'ftp://example.com/a.zip', false, true)).toBeUndefined();
    expect(refusalOf('a.dita', 'ftp://example.com/a.png')).toMatch(/^Link not published: the scheme "ftp:"/);
  });
});
