import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from './notice-html';

describe('sanitizeNoticeHtml', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<h2>标题</h2><p style="text-align: center">Text <strong>bold</strong> <a href="https://example.com/x?a=1&amp;b=2" target="_blank">link</a></p><ul><li>one</li></ul><img src="/prod-api/profile/a.png" alt="a"><br>';
    expect(sanitizeNoticeHtml(html)).toBe(
      '<h2>标题</h2><p style="text-align: center">Text <strong>bold</strong> <a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">link</a></p><ul><li>one</li></ul><img src="/prod-api/profile/a.png" alt="a"><br>',
    );
  });

  it('attack: scripts, event handlers, javascript: URLs and smuggled markup are removed', () => {
    const cases: [string, string][] = [
      ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
      ['<SCRIPT src=//evil.example/x.js></SCRIPT>ok', 'ok'],
      ['<img src=x onerror=alert(1)>', '<img src="x">'],
      ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
      ['<a href="jav&#x09;ascript&colon;alert(1)">x</a>', '<a>x</a>'],
      ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
      ['<img src="data:text/html;base64,PHNjcmlwdD4=">', '<img>'],
      ['<iframe src="https://evil.example"></iframe><p>k</p>', '<p>k</p>'],
      ['<svg><script>alert(1)</script></svg>t', 't'],
      ['<p style="background:url(javascript:alert(1))">s</p>', '<p>s</p>'],
      ['<form action="https://evil.example"><input name=a></form>f', 'f'],
      ['<p title="x" onclick="alert(1)" data-x="y">q</p>', '<p title="x">q</p>'],
      ['<!-- <script>alert(1)</script> -->c', 'c'],
      ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
      ['<p title="a&quot;><script>alert(1)</script>">z</p>', '<p title="a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">z</p>'],
    ];
    for (const [input, output] of cases) expect(sanitizeNoticeHtml(input), input).toBe(output);
  });
});
