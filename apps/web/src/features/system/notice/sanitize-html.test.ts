import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps the formatting the editor makes', () => {
    const html = '<p><b>Bold</b> <i>it</i> <u>u</u> <s>s</s></p><ul><li>one</li></ul><ol><li>two</li></ol><h3>Head</h3><blockquote>q</blockquote><br>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and frames with their content', () => {
    expect(sanitizeHtml('<p>a<script>alert(1)</script><style>p{}</style><iframe src="x"></iframe>b</p>')).toBe('<p>ab</p>');
  });

  it('removes event handlers and every other attribute', () => {
    expect(sanitizeHtml('<p onclick="x()" style="color:red" class="c"><img src=x onerror="alert(1)">text</p>')).toBe('<p>text</p>');
  });

  it('keeps only http, https and mailto links, opened safely', () => {
    expect(sanitizeHtml('<a href="https://example.org/x">ok</a>')).toBe('<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">bad</a>')).toBe('<a>bad</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">bad</a>')).toBe('<a>bad</a>');
  });

  it('unwraps unknown elements to their text and escapes text', () => {
    expect(sanitizeHtml('<font color="red">red <marquee>move</marquee></font>')).toBe('red move');
    expect(sanitizeHtml('1 &lt; 2 &amp; <b>3 &gt; 2</b>')).toBe('1 &lt; 2 &amp; <b>3 &gt; 2</b>');
  });

  it('turns plain text into itself', () => {
    expect(sanitizeHtml('just text')).toBe('just text');
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('isBlankHtml', () => {
  it('sees empty editor leftovers as blank', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<div> </div>')).toBe(true);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });
});
