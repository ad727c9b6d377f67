/**
 * Problem messages of the editor model in zh and en. The parser's English text is the fallback
 * for codes without a translation here.
 */
const MESSAGES: Record<string, { zh: string; en: string }> = {
  'xml.textOutsideRoot': { zh: '根元素之外不能有文本', en: 'Text is not allowed outside the root element' },
  'xml.misplacedDoctype': { zh: 'DOCTYPE 只能出现一次，且在根元素之前', en: 'The DOCTYPE must come once, before the root element' },
  'xml.misplacedDeclaration': { zh: 'XML 声明必须位于文件最开头', en: 'The XML declaration must be at the very start of the file' },
  'xml.badTag': { zh: '“<”必须开始一个标签；字面量请写 &lt;', en: 'A "<" must start a tag; write &lt; for a literal "<"' },
  'xml.multipleRoots': { zh: '只允许一个根元素', en: 'Only one root element is allowed' },
  'xml.badEntity': { zh: '“&”必须开始一个实体引用，如 &amp;', en: 'A "&" must start an entity reference such as &amp;' },
  'xml.cdataEndInText': { zh: '文本中不允许出现“]]>”', en: 'The sequence "]]>" is not allowed in text' },
  'xml.unclosedElement': { zh: '元素 <{name}> 没有结束标签', en: 'Element <{name}> is not closed' },
  'xml.noRoot': { zh: '文件没有根元素', en: 'The file has no root element' },
  'xml.unclosedComment': { zh: '注释没有以 --> 结束', en: 'Comment is not closed with -->' },
  'xml.doubleHyphenInComment': { zh: '注释中不允许出现“--”', en: 'The sequence "--" is not allowed inside a comment' },
  'xml.unclosedCdata': { zh: 'CDATA 段没有以 ]]> 结束', en: 'CDATA section is not closed with ]]>' },
  'xml.badProcessingInstruction': { zh: '处理指令缺少目标名', en: 'A processing instruction needs a target name' },
  'xml.unclosedProcessingInstruction': { zh: '处理指令没有以 ?> 结束', en: 'Processing instruction is not closed with ?>' },
  'xml.badDoctype': { zh: 'DOCTYPE 写法有误', en: 'The DOCTYPE is malformed' },
  'xml.unclosedTag': { zh: '标签没有以 > 结束', en: 'The tag is not closed with >' },
  'xml.attrNeedsSpace': { zh: '属性之间必须有空白', en: 'Attributes must be separated by whitespace' },
  'xml.badAttribute': { zh: '开始标签中有意外的字符', en: 'Unexpected character in a start tag' },
  'xml.attrWithoutValue': { zh: '属性缺少值', en: 'The attribute needs a value' },
  'xml.attrNotQuoted': { zh: '属性值必须用引号括起来', en: 'The attribute value must be in quotes' },
  'xml.attrNotClosed': { zh: '属性值没有结束引号', en: 'The attribute value is not closed' },
  'xml.ltInAttribute': { zh: '属性值中不允许出现“<”', en: '"<" is not allowed in an attribute value' },
  'xml.duplicateAttribute': { zh: '同一属性出现了两次', en: 'An attribute appears twice' },
  'xml.unexpectedEndTag': { zh: '意外的结束标签 </{name}>', en: 'Unexpected end tag </{name}>' },
  'xml.mismatchedEndTag': { zh: '元素 <{name}> 在外层结束标签之前没有结束', en: 'Element <{name}> is not closed before the end tag of its parent' },
  'editor.misplacedElement': {
    zh: '<{name}> 在此位置不符合可视编辑的结构，在可视视图中只读显示（可在源码视图中编辑）',
    en: '<{name}> is not where the visual view expects it; it is shown read-only (edit it in the source view)',
  },
  'editor.readOnlyElement': {
    zh: '<{name}> 的结构不符合可视编辑的要求，在可视视图中只读显示（可在源码视图中编辑）',
    en: '<{name}> does not have the structure the visual view edits; it is shown read-only (edit it in the source view)',
  },
};

/** The message of a problem code in the given language; `fallback` when the code has none. */
export function problemMessage(lang: string, code: string, fallback: string, params: Record<string, string> = {}): string {
  const m = MESSAGES[code];
  // The parser's English text is more specific (it names the attribute or tag): keep it for English.
  if (!m || (lang.startsWith('en') && fallback)) return fallback;
  // Parser messages carry the element name in their English text: take it from there when not given.
  const name = params.name ?? /<\/?([^\s>]+)>/.exec(fallback)?.[1] ?? '';
  const text = lang.startsWith('en') ? m.en : m.zh;
  return text.replace('{name}', name);
}
