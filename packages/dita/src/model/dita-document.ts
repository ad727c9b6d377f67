import type { Doctype, XmlElement } from '../xml/xml-dom.js';
import { isTopic } from './dita-elements.js';

/** A parsed, filtered DITA file with an id index. */
export class DitaDocument {
  readonly path: string;
  readonly root: XmlElement | undefined;
  readonly doctype: Doctype | undefined;
  /** Raw text, kept for validation. */
  readonly text: string;
  private topicIds: Map<string, XmlElement> | undefined;
  private elementIds: Map<string, XmlElement> | undefined;

  constructor(path: string, root: XmlElement | undefined, doctype: Doctype | undefined, text: string) {
    this.path = path;
    this.root = root;
    this.doctype = doctype;
    this.text = text;
  }

  /** The first topic of the file (the root, or the first topic inside <dita>). */
  get firstTopic(): XmlElement | undefined {
    const r = this.root;
    if (r === undefined) return undefined;
    if (isTopic(r)) return r;
    for (const c of r.children) if (c.type === 'element' && isTopic(c)) return c;
    return undefined;
  }

  /** Rebuilds the id index (after conref changed the tree). */
  reindex(): void {
    this.topicIds = new Map();
    this.elementIds = new Map();
    const r = this.root;
    if (r === undefined) return;
    const visit = (el: XmlElement, topicId: string | undefined): void => {
      let tid = topicId;
      const id = el.attrs.id;
      if (isTopic(el)) {
        if (id !== undefined) {
          if (!this.topicIds?.has(id)) this.topicIds?.set(id, el);
          tid = id;
        }
      } else if (id !== undefined && tid !== undefined) {
        const key = `${tid}/${id}`;
        if (!this.elementIds?.has(key)) this.elementIds?.set(key, el);
      }
      for (const c of el.children) if (c.type === 'element') visit(c, tid);
    };
    visit(r, undefined);
  }

  topic(id: string): XmlElement | undefined {
    if (this.topicIds === undefined) this.reindex();
    return this.topicIds?.get(id);
  }

  element(topicId: string, elementId: string): XmlElement | undefined {
    if (this.elementIds === undefined) this.reindex();
    return this.elementIds?.get(`${topicId}/${elementId}`);
  }

  /**
   * Finds what a fragment points at: "" = first topic, "t" = topic t, "t/e" = element e in topic t.
   * `contextTopic` resolves "./e" (same topic).
   */
  find(fragment: string | undefined, contextTopic?: string): XmlElement | undefined {
    if (fragment === undefined || fragment === '') return this.firstTopic;
    const slash = fragment.indexOf('/');
    if (slash < 0) return this.topic(fragment);
    let topicId = fragment.slice(0, slash);
    if (topicId === '.') topicId = contextTopic ?? this.firstTopic?.attrs.id ?? '';
    return this.element(topicId, fragment.slice(slash + 1));
  }
}

/** The id of the topic that contains el (nearest ancestor topic, el included). */
export function enclosingTopic(el: XmlElement): XmlElement | undefined {
  for (let e: XmlElement | undefined = el; e !== undefined; e = e.parent) if (isTopic(e)) return e;
  return undefined;
}

/**
 * The language of an element: the xml:lang of the element or its nearest ancestor that sets one
 * (DITA 1.3, Localization, "The xml:lang attribute": it applies to the element, its content and
 * descendants, unless one of them sets its own).
 */
export function nearestLang(el: XmlElement): string | undefined {
  for (let e: XmlElement | undefined = el; e !== undefined; e = e.parent) {
    const lang = e.attrs['xml:lang'];
    if (lang !== undefined && lang.trim() !== '') return lang.trim();
  }
  return undefined;
}
