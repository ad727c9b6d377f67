/**
 * The map editor's model: a DITA map or bookmap (or an S1000D publication module, by its
 * vocabulary) held as the topic editor's lossless XML tree, edited in place (lossless-tree.ts).
 * Only what an operation touches is written again; comments, processing instructions, unknown
 * elements and metadata stay where they were, so `toXml()` of an unedited model is exactly the
 * text it was read from.
 */
import { escapeAttr, escapeText, type XmlElement } from '../../shared/lossless-xml';
import { attrValue, childElement, fragment, isElement, LosslessTree, type Place, textNode } from './lossless-tree';
import type { DropPosition, MapTreeNode, RelTable } from './map-tree';
import { DITA_VOCABULARY, type MapVocabulary, metaTextOf, type NewElement } from './map-vocabulary';

export class MapModel extends LosslessTree {
  readonly vocabulary: MapVocabulary;

  constructor(text: string, vocabulary: MapVocabulary = DITA_VOCABULARY) {
    super(text);
    this.vocabulary = vocabulary;
  }

  /** The element whose children are the top of the tree (the root, or the vocabulary's container under it). */
  protected override get top(): XmlElement | null {
    const root = this.doc.root;
    const name = this.vocabulary.container;
    if (!root || !name) return root;
    return childElement(root, name) ?? null;
  }

  static parse(text: string, vocabulary: MapVocabulary = DITA_VOCABULARY): MapModel {
    return new MapModel(text, vocabulary);
  }

  /** Whether `child` may be a navigation child of `parent`. */
  private fits(parent: XmlElement, child: string): boolean {
    const top = parent === this.top;
    if (!top && !this.vocabulary.nav.has(parent.name)) return false;
    return this.vocabulary.accepts(parent.name, child, top);
  }

  get isMap(): boolean {
    return this.doc.root !== null && this.vocabulary.roots.has(this.doc.root.name);
  }

  get isBookmap(): boolean {
    return this.doc.root?.name === 'bookmap';
  }

  parentOf(id: string): string | null {
    const el = this.byId.get(id);
    const parent = el ? this.parents.get(el) : undefined;
    return parent && parent !== this.doc.root && parent !== this.top ? this.idOf(parent) : null;
  }

  /** The navigation tree under the root. */
  tree(): MapTreeNode[] {
    const top = this.top;
    return top ? this.navChildren(top).map((c) => this.view(c)) : [];
  }

  private navChildren(el: XmlElement): XmlElement[] {
    return el.children.filter((c): c is XmlElement => isElement(c) && this.vocabulary.nav.has(c.name));
  }

  private view(el: XmlElement): MapTreeNode {
    const attrs: Record<string, string> = {};
    for (const a of el.attrs) attrs[a.name] = a.value;
    return {
      id: this.idOf(el),
      name: el.name,
      attrs,
      href: this.vocabulary.hrefOf(el),
      navtitle: this.vocabulary.titleOf(el),
      children: this.navChildren(el).map((c) => this.view(c)),
    };
  }

  /** Every href of the map's navigation elements and relationship tables (for resolving titles). */
  hrefs(): string[] {
    const out = new Set<string>();
    const walk = (el: XmlElement) => {
      const nav = this.vocabulary.nav.has(el.name);
      const href = nav ? this.vocabulary.hrefOf(el) : attrValue(el, 'href');
      if (href && (nav || el.name === 'topicref')) out.add(href);
      for (const c of el.children) if (isElement(c)) walk(c);
    };
    if (this.doc.root) walk(this.doc.root);
    return [...out];
  }

  /** Every @keyref of a navigation element with no href (its title comes from the key space). */
  keyrefs(): string[] {
    const out = new Set<string>();
    const walk = (el: XmlElement) => {
      const keyref = attrValue(el, 'keyref')?.trim();
      if (keyref && !attrValue(el, 'href') && (this.vocabulary.nav.has(el.name) || el.name === 'topicref')) out.add(keyref);
      for (const c of el.children) if (isElement(c)) walk(c);
    };
    if (this.doc.root) walk(this.doc.root);
    return [...out];
  }

  /** Text of topicmeta/<name> (keywords: its first keyword). */
  metaText(el: XmlElement, name: 'navtitle' | 'linktext' | 'keywords'): string {
    return metaTextOf(el, name);
  }

  /** Where a new last navigation child of `parent` goes: after its last one, else before a reltable, else at the end. */
  private appendRef(parent: XmlElement): Place {
    const nav = this.navChildren(parent);
    const last = nav[nav.length - 1];
    if (last) return { after: last };
    const rel = parent.children.find((c): c is XmlElement => isElement(c) && c.name === 'reltable');
    return rel ? { before: rel } : {};
  }

  /** Moves the selection up one place among its siblings (a block of siblings moves together). */
  moveUp(ids: readonly string[]): boolean {
    const els = this.topmost(ids);
    let moved = false;
    for (const el of els) {
      const parent = this.parents.get(el);
      if (!parent) continue;
      const siblings = this.navChildren(parent);
      const prev = siblings[siblings.indexOf(el) - 1];
      if (!prev || els.includes(prev)) continue;
      this.relocate(el, parent, { before: prev });
      moved = true;
    }
    return moved;
  }

  moveDown(ids: readonly string[]): boolean {
    const els = this.topmost(ids).reverse();
    let moved = false;
    for (const el of els) {
      const parent = this.parents.get(el);
      if (!parent) continue;
      const siblings = this.navChildren(parent);
      const next = siblings[siblings.indexOf(el) + 1];
      if (!next || els.includes(next)) continue;
      this.relocate(el, parent, { after: next });
      moved = true;
    }
    return moved;
  }

  /** Makes each selected node the last child of its previous sibling. */
  indent(ids: readonly string[]): boolean {
    let moved = false;
    for (const el of this.topmost(ids)) {
      const parent = this.parents.get(el);
      if (!parent) continue;
      const siblings = this.navChildren(parent);
      const prev = siblings[siblings.indexOf(el) - 1];
      if (!prev || !this.fits(prev, el.name)) continue;
      this.relocate(el, prev, this.appendRef(prev));
      moved = true;
    }
    return moved;
  }

  /** Makes each selected node the next sibling of its parent. */
  outdent(ids: readonly string[]): boolean {
    let moved = false;
    for (const el of this.topmost(ids).reverse()) {
      const parent = this.parents.get(el);
      const grand = parent ? this.parents.get(parent) : undefined;
      if (!parent || !grand || !this.fits(grand, el.name)) continue;
      this.relocate(el, grand, { after: parent });
      moved = true;
    }
    return moved;
  }

  /** Drag and drop: the selection before, after or inside (as last children) the target node. */
  moveTo(ids: readonly string[], targetId: string, position: DropPosition): boolean {
    const target = this.byId.get(targetId);
    if (!target) return false;
    const els = this.topmost(ids).filter((el) => !this.isInside(target, el));
    if (els.length === 0) return false;
    if (position === 'inside') {
      if (!els.every((el) => this.fits(target, el.name))) return false;
      for (const el of els) this.relocate(el, target, this.appendRef(target));
      return true;
    }
    const parent = this.parents.get(target);
    if (!parent || !els.every((el) => this.fits(parent, el.name))) return false;
    if (position === 'before') for (const el of els) this.relocate(el, parent, { before: target });
    else {
      let after = target;
      for (const el of els) {
        this.relocate(el, parent, { after });
        after = el;
      }
    }
    return true;
  }

  /** Removes the references (never files); returns the hrefs that left the map. */
  remove(ids: readonly string[]): string[] {
    const out: string[] = [];
    for (const el of this.topmost(ids)) {
      const walk = (e: XmlElement) => {
        const href = attrValue(e, 'href');
        if (href) out.push(href);
        for (const c of e.children) if (isElement(c)) walk(c);
      };
      walk(el);
      this.detach(el);
      this.forget(el);
    }
    return out;
  }

  /** Adds a new element: inside `targetId` (last child), after it, or at the end of the root; returns its id. */
  add(spec: NewElement, targetId: string | null, position: DropPosition = 'inside'): string {
    const root = this.top;
    if (!root) throw new Error('no root element');
    const el = fragment(this.vocabulary.xmlOf(spec, this.unit));
    const target = targetId ? this.byId.get(targetId) : undefined;
    // Inside an element that cannot hold it (a dmRef): after that element instead.
    const where = target && position === 'inside' && !this.fits(target, el.name) ? 'after' : position;
    const parent = !target ? root : where === 'inside' ? target : (this.parents.get(target) ?? root);
    if (!this.fits(parent, el.name)) throw new Error(`a ${el.name} cannot go in ${parent.name}`);
    if (!target || where === 'inside') this.attach(el, parent, this.appendRef(parent));
    else this.attach(el, parent, where === 'before' ? { before: target } : { after: target });
    this.reindex();
    return this.idOf(el);
  }

  /** Whether a new `name` element can go at `targetId` (null: the top of the tree) in `position`. */
  canAdd(name: string, targetId: string | null, position: DropPosition = 'inside'): boolean {
    const root = this.top;
    const target = targetId ? this.byId.get(targetId) : undefined;
    if (!root || (targetId && !target)) return false;
    const where = target && position === 'inside' && !this.fits(target, name) ? 'after' : position;
    const parent = !target ? root : where === 'inside' ? target : (this.parents.get(target) ?? root);
    return this.fits(parent, name);
  }

  /** The title the document gives a node (DITA: its navtitle; PM: a pmEntry's pmEntryTitle). */
  titleOf(id: string): string {
    const el = this.byId.get(id);
    return el ? this.vocabulary.titleOf(el) : '';
  }

  /**
   * Sets a node's title: a DITA navtitle (topicmeta), a pmEntry's pmEntryTitle (first, '' removes it);
   * nothing for nodes that take their title from what they reference.
   */
  setTitle(id: string, text: string): void {
    const el = this.byId.get(id);
    if (!el) return;
    if (this.vocabulary.id === 'dita') {
      this.setMetaText(id, 'navtitle', text);
      return;
    }
    if (el.name !== 'pmEntry' || this.vocabulary.titleOf(el) === text) return;
    const existing = childElement(el, 'pmEntryTitle');
    if (existing && text === '') this.detach(existing);
    else if (existing) {
      existing.children = [textNode(escapeText(text))];
      if (existing.selfClosing) {
        existing.selfClosing = false;
        existing.openTail = existing.openTail.replace(/\s*\/>$/, '>');
        existing.openRaw = this.openTag(existing);
        existing.closeRaw = `</${existing.name}>`;
      }
    } else if (text !== '') {
      const first = el.children.find(isElement);
      this.attach(fragment(`<pmEntryTitle>${escapeText(text)}</pmEntryTitle>`), el, first ? { before: first } : {});
    }
    this.reindex();
  }

  /** Sets topicmeta/<name> text (keywords: one keyword); '' removes it (and an emptied topicmeta). */
  setMetaText(id: string, name: 'navtitle' | 'linktext' | 'keywords', text: string): void {
    const el = this.byId.get(id);
    if (!el || this.metaText(el, name) === text) return;
    let meta = childElement(el, 'topicmeta');
    const existing = meta ? childElement(meta, name) : undefined;
    if (existing && meta) {
      if (text === '') {
        this.detach(existing);
        if (meta.selfClosing) this.detach(meta);
      } else {
        const inner = name === 'keywords' ? `<keyword>${escapeText(text)}</keyword>` : escapeText(text);
        existing.children = [textNode(inner)];
        if (existing.selfClosing) {
          existing.selfClosing = false;
          existing.openTail = existing.openTail.replace(/\s*\/>$/, '>');
          existing.openRaw = this.openTag(existing);
          existing.closeRaw = `</${existing.name}>`;
        }
      }
      this.reindex();
      return;
    }
    if (text === '') return;
    const xml = name === 'keywords' ? `<keywords><keyword>${escapeText(text)}</keyword></keywords>` : `<${name}>${escapeText(text)}</${name}>`;
    if (!meta) {
      meta = fragment('<topicmeta/>');
      const first = el.children.find(isElement);
      this.attach(meta, el, first ? { before: first } : {});
    }
    this.attach(fragment(xml), meta, {});
    this.reindex();
  }

  /** The map's relationship tables as grids. */
  relTables(): RelTable[] {
    const root = this.doc.root;
    if (!root) return [];
    return root.children
      .filter((c): c is XmlElement => isElement(c) && c.name === 'reltable')
      .map((t) => {
        const header = childElement(t, 'relheader');
        const columns = (header?.children.filter(isElement) ?? []).map((c) => attrValue(c, 'type') ?? '');
        const rows = t.children
          .filter((c): c is XmlElement => isElement(c) && c.name === 'relrow')
          .map((r) => r.children.filter(isElement).map((cell) => this.refsIn(cell)));
        return { id: this.idOf(t), title: attrValue(t, 'title') ?? '', columns, rows };
      });
  }

  private refsIn(el: XmlElement): string[] {
    const out: string[] = [];
    const walk = (e: XmlElement) => {
      for (const c of e.children)
        if (isElement(c)) {
          const href = attrValue(c, 'href');
          if (href && c.name === 'topicref') out.push(href);
          walk(c);
        }
    };
    walk(el);
    return out;
  }

  /**
   * Writes a relationship table from its grid (a new one when `id` is null); the table's other
   * content (title, metadata) stays, each cell is written again only when its hrefs changed.
   */
  setRelTable(id: string | null, grid: { columns: string[]; rows: string[][][] }): string {
    const root = this.doc.root;
    if (!root) throw new Error('no root element');
    const cellXml = (hrefs: string[]) =>
      hrefs.length === 0 ? '<relcell/>' : `<relcell>${hrefs.map((h) => `<topicref href="${escapeAttr(h)}"/>`).join('')}</relcell>`;
    const rowXml = (cells: string[][]) => `<relrow>${grid.columns.map((_, k) => cellXml(cells[k] ?? [])).join('')}</relrow>`;
    const headerXml = `<relheader>${grid.columns.map((c) => `<relcolspec type="${escapeAttr(c)}"/>`).join('')}</relheader>`;
    const existing = id ? this.byId.get(id) : undefined;
    if (!existing) {
      const table = fragment(`<reltable>${headerXml}${grid.rows.map(rowXml).join('')}</reltable>`);
      this.attach(table, root, {});
      this.reindex();
      return this.idOf(table);
    }
    const current = this.relTables().find((t) => t.id === id);
    const sameColumns = current && JSON.stringify(current.columns) === JSON.stringify(grid.columns);
    if (!sameColumns) {
      const header = childElement(existing, 'relheader');
      const fresh = fragment(headerXml);
      if (header) {
        this.attach(fresh, existing, { before: header });
        this.detach(header);
      } else this.attach(fresh, existing, {});
    }
    const rows = existing.children.filter((c): c is XmlElement => isElement(c) && c.name === 'relrow');
    grid.rows.forEach((cells, r) => {
      const row = rows[r];
      if (row && current && sameColumns && JSON.stringify(current.rows[r]) === JSON.stringify(cells)) return;
      const fresh = fragment(rowXml(cells));
      if (row) {
        this.attach(fresh, existing, { before: row });
        this.detach(row);
      } else this.attach(fresh, existing, rows.length ? { after: existing.children.filter(isElement).at(-1) as XmlElement } : {});
    });
    for (const row of rows.slice(grid.rows.length)) this.detach(row);
    this.reindex();
    return existing ? this.idOf(existing) : '';
  }

  removeRelTable(id: string): void {
    const el = this.byId.get(id);
    if (el) this.detach(el);
  }
}
