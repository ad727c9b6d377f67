import type { KeyScope } from '../keys/key-space.js';
import { splitHref, splitHrefKey } from '../links/href.js';
import { generalizeTo, specializes } from '../model/dita-classes.js';
import { type DitaDocument, enclosingTopic } from '../model/dita-document.js';
import type { ProblemList } from '../problems/problem.js';
import { resolveRelative } from '../source/file-source.js';
import type { XmlElement, XmlNode } from '../xml/xml-dom.js';
import { cloneElement, descendants, replaceNode } from '../xml/xml-dom.js';

export interface ConrefContext {
  docs: ReadonlyMap<string, DitaDocument>;
  /** Key scope used for @conkeyref in a file. */
  scopeOf: (file: string) => KeyScope;
  problems: ProblemList;
  /** Files each file pulled content from (for incremental rebuilds). */
  dependencies: Map<string, Set<string>>;
}

const USE_TARGET = '-dita-use-conref-target';
const REF_ATTRS = new Set(['conref', 'conkeyref', 'conrefend', 'conaction']);

interface Target {
  file: string;
  fragment: string | undefined;
  element: XmlElement;
}

function addDependency(ctx: ConrefContext, from: string, to: string): void {
  if (from === to) return;
  let set = ctx.dependencies.get(from);
  if (set === undefined) {
    set = new Set();
    ctx.dependencies.set(from, set);
  }
  set.add(to);
}

/** Where @conref/@conkeyref (or @conrefend when `end`) of el points. Reports a located problem when it cannot. */
export function locateConref(el: XmlElement, ctx: ConrefContext, end = false): Target | undefined {
  const file = el.file;
  let targetFile: string | undefined;
  let fragment: string | undefined;
  const conkeyref = end ? undefined : el.attrs.conkeyref;
  let viaKey = false;
  if (conkeyref !== undefined) {
    const { path: key, fragment: elemId } = splitHrefKey(conkeyref);
    const def = ctx.scopeOf(file).resolve(key);
    if (def?.href !== undefined && def.scope === 'local') {
      viaKey = true;
      targetFile = def.href;
      const doc = ctx.docs.get(def.href);
      const topicId = def.fragment ?? doc?.firstTopic?.attrs.id ?? '';
      fragment = elemId !== undefined ? `${topicId.split('/')[0]}/${elemId}` : def.fragment;
    } else if (el.attrs.conref === undefined) {
      ctx.problems.warning(
        'conkeyref-unresolved',
        def === undefined ? `conkeyref "${conkeyref}": key "${key}" is not defined` : `conkeyref "${conkeyref}": key "${key}" has no topic`,
        el,
      );
      return undefined;
    }
  }
  if (!viaKey) {
    const raw = end ? el.attrs.conrefend : el.attrs.conref;
    if (raw === undefined) return undefined;
    const { path, fragment: frag } = splitHref(raw);
    targetFile = path === '' ? file : resolveRelative(file, path);
    fragment = frag;
  }
  const attr = end ? 'conrefend' : viaKey ? 'conkeyref' : 'conref';
  const value = end ? el.attrs.conrefend : viaKey ? conkeyref : el.attrs.conref;
  if (targetFile === undefined) {
    ctx.problems.error('conref-missing-file', `${attr} "${value}" points outside the source`, el);
    return undefined;
  }
  const doc = ctx.docs.get(targetFile);
  if (doc === undefined || doc.root === undefined) {
    ctx.problems.error('conref-missing-file', `${attr} "${value}": file ${targetFile} ${doc === undefined ? 'not found' : 'could not be read'}`, el);
    return undefined;
  }
  const contextTopic = enclosingTopic(el)?.attrs.id;
  const target = doc.find(fragment, targetFile === file ? contextTopic : undefined);
  if (target === undefined) {
    ctx.problems.error('conref-target-missing', `${attr} "${value}": no element "${fragment ?? ''}" in ${targetFile}`, el);
    return undefined;
  }
  addDependency(ctx, file, targetFile);
  return { file: targetFile, fragment, element: target };
}

/** Pushes content (@conaction pushbefore/pushafter/pushreplace with mark) into its targets. Runs before pulls. */
export function applyPushes(ctx: ConrefContext, only?: (file: string) => boolean): void {
  // Pushes after one target keep document order: each goes after the previous one (DITA-OT appends them).
  const lastAfter = new Map<XmlElement, XmlElement>();
  const replacements = new Set<XmlElement>();
  for (const doc of ctx.docs.values()) {
    if (doc.root === undefined || (only !== undefined && !only(doc.path))) continue;
    const pushers: XmlElement[] = [];
    for (const el of descendants(doc.root)) if (el.attrs.conaction !== undefined) pushers.push(el);
    if (pushers.length === 0) continue;
    const handled = new Set<XmlElement>();
    const marks: XmlElement[] = [];
    for (const el of pushers) {
      if (handled.has(el)) continue;
      const action = el.attrs.conaction;
      const siblings = el.parent?.children.filter((c): c is XmlElement => c.type === 'element') ?? [];
      const i = siblings.indexOf(el);
      if (action === 'pushreplace') {
        handled.add(el);
        const t = locateConref(el, ctx);
        if (t === undefined) continue;
        if (replacements.has(t.element)) {
          ctx.problems.error('conaction-replace-twice', `Two elements push to replace ${el.attrs.conref ?? 'the same target'}: only the first is used`, el);
          continue;
        }
        if (!sameType(el, t.element)) {
          ctx.problems.error('conaction-type-mismatch', typeMessage(el, t.element, action), el);
          continue;
        }
        const copy = pushCopy(el, t.element, t.element.attrs.id);
        replacements.add(copy);
        replaceNode(t.element, [copy]);
        ctx.docs.get(t.file)?.reindex();
        addDependency(ctx, t.file, doc.path);
      } else if (action === 'mark') {
        handled.add(el);
        marks.push(el);
        const t = locateConref(el, ctx);
        const before = siblings[i - 1];
        const after = siblings[i + 1];
        const hasBefore = before?.attrs.conaction === 'pushbefore';
        const hasAfter = after?.attrs.conaction === 'pushafter';
        if (!hasBefore && !hasAfter) ctx.problems.warning('conaction-mark-alone', 'conaction="mark" without a pushbefore or pushafter element next to it', el);
        if (before !== undefined && hasBefore) handled.add(before);
        if (after !== undefined && hasAfter) handled.add(after);
        if (t === undefined) continue;
        const parent = t.element.parent;
        if (parent === undefined) {
          ctx.problems.error('conaction-target-root', 'Cannot push next to a root element', el);
          continue;
        }
        let pushed = false;
        if (before !== undefined && hasBefore) {
          if (!sameType(before, t.element)) ctx.problems.error('conaction-type-mismatch', typeMessage(before, t.element, 'pushbefore'), before);
          else {
            const copy = pushCopy(before, t.element, undefined);
            copy.parent = parent;
            parent.children.splice(parent.children.indexOf(t.element), 0, copy);
            pushed = true;
          }
        }
        if (after !== undefined && hasAfter) {
          if (!sameType(after, t.element)) ctx.problems.error('conaction-type-mismatch', typeMessage(after, t.element, 'pushafter'), after);
          else {
            const copy = pushCopy(after, t.element, undefined);
            copy.parent = parent;
            const anchor = lastAfter.get(t.element) ?? t.element;
            parent.children.splice(parent.children.indexOf(anchor) + 1, 0, copy);
            lastAfter.set(t.element, copy);
            pushed = true;
          }
        }
        if (pushed) {
          ctx.docs.get(t.file)?.reindex();
          addDependency(ctx, t.file, doc.path);
        }
      } else if (action === 'pushbefore' || action === 'pushafter') {
        const partner = action === 'pushbefore' ? siblings[i + 1] : siblings[i - 1];
        if (partner?.attrs.conaction !== 'mark') {
          handled.add(el);
          ctx.problems.error(
            'conaction-without-mark',
            `conaction="${action}" needs a conaction="mark" element ${action === 'pushbefore' ? 'after' : 'before'} it`,
            el,
          );
        }
      } else {
        handled.add(el);
        ctx.problems.error('conaction-unknown', `Unknown conaction "${action}"`, el);
      }
    }
    // Pushed content is still rendered where it is written; the mark elements go (DITA-OT 4.x conrefImpl.xsl).
    for (const el of handled) for (const a of REF_ATTRS) delete el.attrs[a];
    for (const el of marks) replaceNode(el, []);
    doc.reindex();
  }
}

/**
 * A pushed element must be of its target's type or specialize it (by @class ancestry, or the OASIS element's when
 * @class is not written); never more general (DITA 1.3 @conaction: no li pushed to replace a step).
 */
function sameType(pushed: XmlElement, target: XmlElement): boolean {
  return pushed.name === target.name || specializes(pushed, target);
}

function typeMessage(pushed: XmlElement, target: XmlElement, action: string): string {
  return `conaction="${action}" pushes <${pushed.name}> to <${target.name}>: a pushed element must be of its target's type, so it is not pushed`;
}

/** What a push puts into the target's document: a copy without its reference, generalized to the target's type. */
function pushCopy(el: XmlElement, target: XmlElement, keepId: string | undefined): XmlElement {
  const copy = cloneElement(el);
  for (const a of REF_ATTRS) delete copy.attrs[a];
  if (copy.name !== target.name) generalizeTo(copy, target);
  if (keepId !== undefined && copy.attrs.id === undefined) copy.attrs.id = keepId;
  return copy;
}

/** Pulls every @conref/@conkeyref in every document, chained references first, loops reported. */
export function resolveAllConrefs(ctx: ConrefContext, only?: (file: string) => boolean): void {
  const done = new Set<XmlElement>();
  const active = new Set<XmlElement>();

  const resolveOne = (el: XmlElement, chain: XmlElement[]): XmlNode[] => {
    const t = locateConref(el, ctx);
    const strip = (): XmlNode[] => {
      for (const a of REF_ATTRS) delete el.attrs[a];
      return [el];
    };
    if (t === undefined) return strip();
    let target = t.element;
    if (active.has(target) || target === el || isAncestor(target, el)) {
      ctx.problems.error('conref-loop', `Content reference loop: ${[...chain, el].map(describe).join(' -> ')} -> ${describe(target)}`, el);
      return strip();
    }
    // Chained reference: resolve the target first.
    active.add(target);
    if (target.attrs.conref !== undefined || target.attrs.conkeyref !== undefined) {
      const replaced = resolveOne(target, [...chain, el]);
      const first = replaced.find((n): n is XmlElement => n.type === 'element');
      if (first === undefined) {
        active.delete(t.element);
        return strip();
      }
      target = first;
      active.add(target);
    }
    resolveTree(target, [...chain, el]);
    let range: XmlElement[] = [target];
    if (el.attrs.conrefend !== undefined) {
      const endT = locateConref(el, ctx, true);
      const parent = target.parent;
      if (endT !== undefined && parent !== undefined) {
        const sibs = parent.children.filter((c): c is XmlElement => c.type === 'element');
        const a = sibs.indexOf(target);
        const b = sibs.indexOf(endT.element);
        if (b >= a && a >= 0) {
          range = sibs.slice(a, b + 1);
          for (const r of range) resolveTree(r, [...chain, el]);
        } else ctx.problems.error('conrefend-invalid', `conrefend "${el.attrs.conrefend}" is not a following sibling of the conref target`, el);
      }
    }
    active.delete(t.element);
    active.delete(target);
    if (target.name !== el.name) ctx.problems.warning('conref-type-mismatch', `<${el.name}> pulls a <${target.name}>`, el);
    const clones = range.map((r) => cloneElement(r));
    const head = clones[0];
    if (head !== undefined) {
      const attrs: Record<string, string> = { ...head.attrs };
      delete attrs.id;
      for (const [k, v] of Object.entries(el.attrs)) {
        if (REF_ATTRS.has(k)) continue;
        if (v === USE_TARGET) continue;
        attrs[k] = v;
      }
      head.attrs = attrs;
      for (const c of clones.slice(1)) delete c.attrs.id;
      if (el.flags !== undefined) head.flags = [...(head.flags ?? []), ...el.flags];
    }
    replaceNode(el, clones);
    return clones;
  };

  // Only subtree roots (resolved trees and pulled-in copies) are remembered: walking a resolved tree again finds nothing to do,
  // so remembering every element would cost far more than it saves.
  const resolveTree = (root: XmlElement, chain: XmlElement[]): void => {
    if (done.has(root)) return;
    const stack: XmlElement[] = [root];
    while (stack.length > 0) {
      const el = stack.pop();
      if (el === undefined) break;
      if (el !== root && done.has(el)) continue;
      const children = el.children;
      for (let i = 0; i < children.length; i++) {
        const c = children[i];
        if (c === undefined || c.type !== 'element') continue;
        const a = c.attrs;
        if ((a.conref !== undefined || a.conkeyref !== undefined) && a.conaction === undefined) {
          const rep = resolveOne(c, chain);
          i += rep.length - 1;
          for (const r of rep) if (r.type === 'element' && r !== c) done.add(r);
          for (const r of rep) if (r === c) stack.push(c);
        } else if (c.children.length > 0) stack.push(c);
      }
      if (el === root) done.add(el);
    }
  };

  for (const doc of ctx.docs.values()) {
    if (doc.root === undefined || (only !== undefined && !only(doc.path))) continue;
    resolveTree(doc.root, []);
    doc.reindex();
  }
}

function isAncestor(candidate: XmlElement, el: XmlElement): boolean {
  for (let p = el.parent; p !== undefined; p = p.parent) if (p === candidate) return true;
  return false;
}

function describe(el: XmlElement): string {
  return `${el.file}:${el.line}:${el.column} <${el.name}>`;
}
