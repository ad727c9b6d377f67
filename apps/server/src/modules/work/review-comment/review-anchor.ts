import { type AnchorTree, indexText, type TextIndex } from '@ccms/contracts/work/review-anchor';
import { parseXml, type XmlElement } from '@ccms/dita';

const treeOf = (el: XmlElement): AnchorTree => ({
  name: el.name,
  id: el.attrs.id ?? '',
  children: el.children.map((c) => (c.type === 'text' ? c.text : treeOf(c))),
});

/** A topic's text and elements as comment anchors see them (null for text without a root element). */
export function textIndexOf(xml: string, file: string): TextIndex | null {
  const { root } = parseXml(xml, file);
  return root ? indexText(treeOf(root)) : null;
}
