import { describe, expect, it } from 'vitest';
import { commentText, markdownCode, markdownText, templateText, tsString } from './gen.literal';

const nasty = [
  '',
  'plain',
  "it's",
  'say "hi"',
  'back\\slash',
  "\\'",
  '\\"',
  "x'); process.exit(1); ('",
  'line\nbreak\r\nand\rreturn',
  'sep\u2028para\u2029nel\u0085',
  `\`\${process.exit(1)}\``,
  '*/ process.exit(1) /*',
  '<!-- --> </script>',
  '\u0000\u0007\u001b\ud800',
  '中文“引号”',
];

/** What a module would see: the literal evaluated as JavaScript. */
const evaluated = (literal: string) => new Function(`return ${literal};`)() as string;

describe('the generator writes text as data', () => {
  it('a string literal evaluates to exactly the text, on one line, in single quotes', () => {
    for (const text of nasty) {
      const literal = tsString(text);
      expect(evaluated(literal), JSON.stringify(text)).toBe(text);
      expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
      expect(literal.startsWith("'") && literal.endsWith("'")).toBe(true);
    }
    expect(tsString('部件名称')).toBe("'部件名称'");
    expect(tsString("it's")).toBe("'it\\'s'");
  });

  it('comment text has no line break and cannot end the comment', () => {
    for (const text of nasty) {
      const comment = commentText(text);
      expect(comment).not.toMatch(/[\n\r\u2028\u2029\u0085]|\*\/|<!--|-->/);
      // Inside a comment it stays a comment: the module has no code, so it evaluates to undefined.
      expect(new Function(`/** ${comment} */\n// ${comment}\nreturn undefined;`)()).toBeUndefined();
    }
  });

  it('template text evaluates to exactly the text inside backticks', () => {
    for (const text of nasty.filter((x) => !x.includes('\ud800'))) expect(evaluated(`\`${templateText(text)}\``)).toBe(text.replace(/\r\n?/g, '\n'));
  });

  it('Markdown text is one line without markup; a code span holds backticks', () => {
    expect(markdownText('a *b* <i>c</i> [d](e) `f`\ng')).toBe('a \\*b\\* \\<i\\>c\\</i\\> \\[d\\](e) \\`f\\` g');
    expect(markdownCode('ccms_widget')).toBe('`ccms_widget`');
    expect(markdownCode('a`b')).toBe('``a`b``');
    expect(markdownCode('`x`')).toBe('`` `x` ``');
  });
});
