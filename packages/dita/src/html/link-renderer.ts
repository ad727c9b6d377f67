import type { KeyDefinition, KeyScope } from '../keys/key-space.js';
import { keyLinkText, keyTextFor } from '../keys/key-space.js';
import { isExternalHref, peerUrl, splitHref, splitHrefKey } from '../links/href.js';
import { hasContent, plainText } from '../model/plain-text.js';
import { resolveRelative } from '../source/file-source.js';
import type { XmlElement } from '../xml/xml-dom.js';
import { firstChild, textContent } from '../xml/xml-dom.js';
import { escapeAttr, escapeText } from './html-escape.js';
import type { LinkTarget, RenderEnv, RenderState } from './render-state.js';
import { asWritten, attrs, linkTitle, publishableUrl, refuseOutsidePath } from './render-state.js';

/**
 * Links, images and objects: everything that writes a URL into the page.
 * Over 400 lines: each of xref, image, object and related links resolves a key or an href, refuses a
 * path outside the output and writes its URL the same way; kept together so they cannot drift apart.
 */

/** A DITAVAL flag's image (or its alt text) next to the flagged element. */
export function flagImg(el: XmlElement, src: string | undefined, alt: string | undefined, env: RenderEnv, cls: string): string {
  // A DITAVAL's image path is root-relative already (its folder joined on).
  const file = src === undefined || isExternalHref(src) ? undefined : resolveRelative('', src);
  const url =
    src === undefined ? undefined : isExternalHref(src) ? publishableUrl(src, el, env) : file !== undefined ? env.resource(file) : refuseOutsidePath(el, env);
  if (url === undefined) return alt ? `<span class="${cls}">${escapeText(alt)}</span>` : '';
  return `<img class="${cls}" src="${escapeAttr(url)}" alt="${escapeAttr(alt ?? '')}">`;
}

function keyDefFor(el: XmlElement, state: RenderState): { def: KeyDefinition | undefined; key: string; fragment: string | undefined } {
  const keyref = el.attrs.keyref ?? '';
  const { path: key, fragment } = splitHrefKey(keyref);
  state.env.onKey(key);
  return { def: state.env.scope.resolve(key), key, fragment };
}

/** Whether a key's resource is a DITA topic or map (its @format, else its file name), which the publication turns into pages. */
function isDitaResource(def: KeyDefinition): boolean {
  const format = def.format?.trim().toLowerCase();
  if (format) return format === 'dita' || format === 'ditamap';
  const name = def.href?.slice(def.href.lastIndexOf('/') + 1) ?? '';
  return !name.includes('.') || /\.(dita|xml|ditamap)$/i.test(name);
}

/**
 * Where a reference to a key leads (DITA 1.3 2.3.4.6): nowhere for a key bound to no resource or
 * with linking="none"; a topic's page; a non-DITA file of the source (format="pdf", "html" ...)
 * under its own name, copied with the publication, its address as the title; a peer or external
 * resource at its address. `fragment` is the element id after "key/".
 */
function keyTarget(def: KeyDefinition, fragment: string | undefined, env: RenderEnv): (LinkTarget & { external: boolean }) | undefined {
  if (def.href === undefined || def.element.attrs.linking === 'none') return undefined;
  if (def.scope !== 'local' || isExternalHref(def.href)) return { url: def.href, external: def.scope === 'external' };
  if (!isDitaResource(def)) {
    const url = env.resource(def.href);
    const frag = fragment ?? def.fragment;
    return { url: frag !== undefined ? `${url}#${frag}` : url, title: escapeText(url), external: false };
  }
  const target = env.link(def.href, fragment !== undefined ? `${def.fragment ?? ''}/${fragment}` : def.fragment);
  return target !== undefined ? { ...target, external: false } : undefined;
}

/** The text (the element's own, else the key's) and the link of an element with @keyref. */
function keyedParts(el: XmlElement, state: RenderState): { content: string; url: string | undefined; ext: string } {
  const { def, fragment } = keyDefFor(el, state);
  let content = hasContent(el) ? state.inline(el.children) : '';
  if (def !== undefined && content === '') {
    const nodes = keyTextFor(def, el.name);
    if (nodes !== undefined) content = state.inline(nodes);
  }
  const link = def !== undefined ? keyTarget(def, fragment, state.env) : undefined;
  if (content === '' && link !== undefined) content = linkTitle(link, state.env.text) ?? '';
  // Every reference to a key bound to a resource is a link to it, ph and cite as much as keyword
  // and term (DITA 1.3 2.3.4.6; DITA-OT's "turning-to-link").
  const url = link !== undefined && link.url !== '' ? publishableUrl(link.url, el, state.env, true) : undefined;
  const ext = link?.external ? ' target="_blank" rel="external noopener"' : '';
  return { content, url, ext };
}

/** The first glossAlt form of a glossentry that abbreviates its term: acronym, abbreviation or short form. */
function shortForm(entry: XmlElement): XmlElement | undefined {
  const body = firstChild(entry, 'glossBody');
  if (body === undefined) return undefined;
  for (const alt of body.children) {
    if (alt.type !== 'element' || alt.name !== 'glossAlt') continue;
    for (const c of alt.children)
      if (c.type === 'element' && (c.name === 'glossAcronym' || c.name === 'glossAbbreviation' || c.name === 'glossShortForm')) return c;
  }
  return undefined;
}

/**
 * abbreviated-form (DITA 1.3, 3.3.2.5): the first use in a topic shows the surface form
 * (glossSurfaceForm, else "term (short form)"), later uses the short form (glossAcronym,
 * glossAbbreviation, glossShortForm) with the term as its title, else the term. A key that is
 * not a glossentry keeps the key's text, as a keyword would.
 */
export function abbreviatedForm(el: XmlElement, state: RenderState): string {
  const { def, key } = keyDefFor(el, state);
  const file = def?.href !== undefined && def.scope === 'local' && !isExternalHref(def.href) ? def.href : undefined;
  const entry = file !== undefined ? state.env.element(file, def?.fragment) : undefined;
  const term = entry?.name === 'glossentry' ? firstChild(entry, 'glossterm') : undefined;
  if (entry === undefined || term === undefined) return keyedPhrase(el, state, 'span');
  const termHtml = state.inline(term.children);
  const short = shortForm(entry);
  const surface = firstChild(firstChild(entry, 'glossBody') ?? entry, 'glossSurfaceForm');
  const seen = `${file}#${entry.attrs.id ?? key}`;
  const first = !state.abbreviations.has(seen);
  state.abbreviations.add(seen);
  let content: string;
  if (first)
    content = surface !== undefined ? state.inline(surface.children) : short !== undefined ? `${termHtml} (${state.inline(short.children)})` : termHtml;
  else content = short !== undefined ? `<abbr title="${escapeAttr(plainText(term, state.env.scope))}">${state.inline(short.children)}</abbr>` : termHtml;
  // DITA-OT writes the form as text, not as a link to the glossary entry.
  return `<span${attrs(el, state, 'abbreviated-form')}>${content}</span>`;
}

/**
 * lq: the quotation, then its source when it names one (@href or @keyref, titled by @reftitle,
 * else the key's link text, else the address), or its longquoteref does. An empty lq with @keyref quotes the key's text
 * (DITA 1.3 2.3.4.9).
 */
export function longQuote(el: XmlElement, state: RenderState, body: string): string {
  let content = body;
  let url: string | undefined;
  let title: string | undefined;
  // DITA 1.3's longquoteref names the source as lq's own @href/@keyref does.
  const ref = el.attrs.keyref === undefined && el.attrs.href === undefined ? (firstChild(el, 'longquoteref') ?? el) : el;
  if (ref.attrs.keyref !== undefined) {
    const { def } = keyDefFor(ref, state);
    if (def !== undefined) {
      const text = keyLinkText(def) ?? keyTextFor(def, 'lq');
      if (content.trim() === '' && text !== undefined) content = state.inline(text);
      else if (text !== undefined) title = state.inline(text);
      url = keyTarget(def, undefined, state.env)?.url || undefined;
    }
  }
  if (url === undefined && ref.attrs.href !== undefined) url = isExternalHref(ref.attrs.href) ? ref.attrs.href : undefined;
  if (el.attrs.reftitle !== undefined) title = escapeText(el.attrs.reftitle);
  const safe = url !== undefined ? publishableUrl(url, el, state.env, true) : undefined;
  const source =
    safe !== undefined
      ? `<div class="lq-source"><a href="${escapeAttr(safe)}"><cite>${title ?? escapeText(safe)}</cite></a></div>`
      : title !== undefined
        ? `<div class="lq-source"><cite>${title}</cite></div>`
        : '';
  return `<blockquote${attrs(el, state, 'lq')}>${content}${source}</blockquote>`;
}

/** ph/keyword/term (and what specializes them) with @keyref: text from the key when empty; a link when the key points at something; `wrap` adds the element's generated text (xmlelement's angle brackets). */
export function keyedPhrase(el: XmlElement, state: RenderState, tag: string, wrap: (content: string) => string = (c) => c): string {
  const { content, url, ext } = keyedParts(el, state);
  const inner = `<${tag}${attrs(el, state, el.name)}>${wrap(content)}</${tag}>`;
  return url !== undefined ? `<a class="keylink" href="${escapeAttr(url)}"${ext}>${inner}</a>` : inner;
}

/** An element that keeps its own rendering (a menucascade of uicontrols) inside the link its @keyref makes when the key has a resource. */
export function keyLinked(el: XmlElement, state: RenderState, html: string): string {
  const { def, fragment } = keyDefFor(el, state);
  const link = def !== undefined ? keyTarget(def, fragment, state.env) : undefined;
  const url = link !== undefined && link.url !== '' ? publishableUrl(link.url, el, state.env, true) : undefined;
  if (url === undefined) return html;
  return `<a class="keylink" href="${escapeAttr(url)}"${link?.external ? ' target="_blank" rel="external noopener"' : ''}>${html}</a>`;
}

/** A block-level element with @keyref (dt, cmd): the key's text and link go inside it, so the markup stays valid. */
export function keyedBlock(el: XmlElement, state: RenderState, tag: string): string {
  const { content, url, ext } = keyedParts(el, state);
  const inner = url !== undefined ? `<a class="keylink" href="${escapeAttr(url)}"${ext}>${content}</a>` : content;
  return `<${tag}${attrs(el, state, el.name)}>${inner}</${tag}>`;
}

export function xref(el: XmlElement, state: RenderState): string {
  const { env } = state;
  let url: string | undefined;
  let title: string | undefined;
  let external = el.attrs.scope === 'external';
  const content = hasContent(el) ? state.inline(el.children.filter((c) => !(c.type === 'element' && c.name === 'desc'))) : '';
  if (el.attrs.keyref !== undefined) {
    const { def, fragment } = keyDefFor(el, state);
    if (def !== undefined) {
      const target = keyTarget(def, fragment, env);
      if (target !== undefined) {
        url = target.url;
        title = linkTitle(target, env.text);
        external = target.external;
      }
      // An empty xref takes the key's linktext, then its navtitle. DITA 1.3 2.3.4.9 would let a
      // keywords/keyword (legal inside xref) come first; DITA-OT 4.x's KeyrefPaser gives link
      // elements linktext/navtitle only, and the engine follows DITA-OT.
      const lt = keyLinkText(def);
      if (lt !== undefined && content === '') title = state.inline(lt);
    }
  }
  if (url === undefined && el.attrs.href !== undefined) {
    const href = el.attrs.href;
    if (isExternalHref(href) || el.attrs.scope === 'external' || el.attrs.scope === 'peer') {
      const peer = el.attrs.scope === 'peer';
      const own = asWritten(href, el.file, el, env, peer, true);
      if (own !== undefined) url = peer ? peerUrl(own, el.attrs.format) : own;
      external = !peer;
    } else {
      const { path, fragment } = splitHref(href);
      const format = el.attrs.format;
      // A same-topic link ("#./id") in content pulled in by conref points into the topic that shows it.
      const file = path === '' ? (fragment?.startsWith('./') ? state.topic.file : el.file) : resolveRelative(el.file, path);
      if (file === undefined) refuseOutsidePath(el, env);
      else {
        if (format !== undefined && format !== 'dita' && format !== 'ditamap') url = env.resource(file) + (fragment !== undefined ? `#${fragment}` : '');
        else {
          const frag = fragment?.startsWith('./') ? `${state.topicId}/${fragment.slice(2)}` : fragment;
          const target = env.link(file, frag);
          url = target?.url;
          title ??= linkTitle(target, env.text);
        }
      }
    }
  }
  const text = content !== '' ? content : (title ?? escapeText(el.attrs.href ?? el.attrs.keyref ?? ''));
  if (url !== undefined) url = publishableUrl(url, el, env, true);
  // A specialization (fragref, synnoteref) keeps its own name beside xref's.
  const cls = el.name === 'xref' ? 'xref' : `xref ${el.name}`;
  if (url === undefined) return `<span${attrs(el, state, cls)}>${text}</span>`;
  const ext = external ? ' target="_blank" rel="external noopener"' : '';
  return `<a${attrs(el, state, cls)} href="${escapeAttr(url)}"${ext}>${text}</a>`;
}

/**
 * Where an image's or object's long description is (its longdescref child, else the deprecated @longdescref), by
 * @keyref (an undefined key falls back to @href) or @href, and the text a link to it shows: the longdescref's own, else
 * the key's link text, else the target's title.
 */
function longDescription(el: XmlElement, state: RenderState): { url: string; text: string | undefined } | undefined {
  const { env } = state;
  const ref = firstChild(el, 'longdescref');
  const keyref = ref?.attrs.keyref?.trim();
  const href = ref !== undefined ? ref.attrs.href : el.attrs.longdescref;
  const at = ref ?? el;
  let url: string | undefined;
  let text = ref !== undefined && hasContent(ref) ? state.inline(ref.children) : undefined;
  if (ref !== undefined && keyref) {
    const { def, fragment } = keyDefFor(ref, state);
    const target = def !== undefined ? keyTarget(def, fragment, env) : undefined;
    if (target !== undefined && target.url !== '') url = target.url;
    const lt = def !== undefined ? keyLinkText(def) : undefined;
    text ??= lt !== undefined ? state.inline(lt) : linkTitle(target, env.text);
  }
  if (url === undefined && href !== undefined && href.trim() !== '') {
    if (isExternalHref(href) || at.attrs.scope === 'external') url = asWritten(href, el.file, at, env, false, true);
    else {
      const { path, fragment } = splitHref(href);
      const file = path === '' ? el.file : resolveRelative(el.file, path);
      if (file === undefined) return refuseOutsidePath(at, env);
      const format = at.attrs.format;
      const dita = format === undefined ? /\.(dita|xml)$/i.test(path) || path === '' : format === 'dita';
      if (dita) {
        const target = env.link(file, fragment);
        url = target?.url;
        text ??= linkTitle(target, env.text);
      } else url = env.resource(file) + (fragment !== undefined ? `#${fragment}` : '');
    }
  }
  const safe = url !== undefined && url !== '' ? publishableUrl(url, at, env, true) : undefined;
  return safe !== undefined ? { url: safe, text } : undefined;
}

export function image(el: XmlElement, state: RenderState): string {
  const { env } = state;
  let src: string | undefined;
  let keyAlt: string | undefined;
  let keyAltText = '';
  let textOnlyKey = false;
  // Set when the image's own reference may not be published (its scheme, or its path out of the source).
  let refused = false;
  if (el.attrs.keyref !== undefined) {
    const { def } = keyDefFor(el, state);
    // An image is loaded, so a peer key's path may not climb out of the source either.
    if (def?.href !== undefined) {
      src = def.scope === 'local' && !isExternalHref(def.href) ? env.resource(def.href) : asWritten(def.href, def.mapFile, el, env);
      refused = src === undefined;
    }
    // DITA 1.3 2.3.4.9: an empty image takes the key's text as its alternate text; a key bound to
    // no resource shows no image, even where the image has an @href of its own (2.3.4.8).
    if (def !== undefined) {
      const nodes = keyLinkText(def) ?? keyTextFor(def, 'image');
      if (nodes !== undefined) {
        keyAlt = state.inline(nodes);
        keyAltText = nodes.map((n) => (n.type === 'text' ? n.text : plainText(n, state.env.scope))).join('');
      }
      textOnlyKey = def.href === undefined;
    }
  }
  const altEl = firstChild(el, 'alt');
  const ownAlt = altEl !== undefined ? textContent(altEl) : el.attrs.alt;
  if (textOnlyKey)
    return keyAlt !== undefined || ownAlt !== undefined
      ? `<span${attrs(el, state, 'image')}>${ownAlt !== undefined ? escapeText(ownAlt.trim()) : keyAlt}</span>`
      : '';
  if (src === undefined && !refused && el.attrs.href !== undefined) {
    const href = el.attrs.href;
    if (isExternalHref(href) || el.attrs.scope === 'external') src = asWritten(href, el.file, el, env);
    else {
      const file = resolveRelative(el.file, href);
      src = file !== undefined ? env.resource(file) : refuseOutsidePath(el, env);
    }
    refused = src === undefined;
  }
  const alt = ownAlt ?? keyAltText;
  if (refused || (src !== undefined && publishableUrl(src, el, env) === undefined)) return `<span${attrs(el, state, 'image')}>${escapeText(alt.trim())}</span>`;
  let size = '';
  for (const a of ['width', 'height']) {
    const v = el.attrs[a];
    if (v !== undefined) {
      const m = /^([\d.]+)(px)?$/.exec(v);
      size += m !== null ? ` ${a}="${m[1]}"` : '';
    }
  }
  // DITA-OT writes the long description's address as the img's longdesc.
  const longdesc = longDescription(el, state);
  const img = `<img${attrs(el, state, 'image')} src="${escapeAttr(src ?? '')}" alt="${escapeAttr(alt.trim())}"${size}${
    longdesc !== undefined ? ` longdesc="${escapeAttr(longdesc.url)}"` : ''
  }>`;
  return el.attrs.placement === 'break' ? `<div class="imageblock${el.attrs.align ? ` image-${escapeAttr(el.attrs.align)}` : ''}">${img}</div>` : img;
}

/** The address a key leads to, for an attribute that loads it (object's data, a param's value): undefined for no key or no resource. */
function keyResourceUrl(el: XmlElement, keyref: string, state: RenderState): string | undefined {
  const { path: key } = splitHrefKey(keyref);
  state.env.onKey(key);
  const def = state.env.scope.resolve(key);
  if (def?.href === undefined) return undefined;
  // Loaded, as an image is: a local file is copied with the publication, a peer's path may not climb out of the source.
  return def.scope === 'local' && !isExternalHref(def.href) ? state.env.resource(def.href) : asWritten(def.href, def.mapFile, el, state.env);
}

/**
 * object: its data from @datakeyref (DITA 1.3; an undefined key falls back to @data) or @data; its params, a param's
 * @keyref giving the key's address as its value; a link to its long description after it.
 */
export function objectEl(el: XmlElement, state: RenderState): string {
  const { env } = state;
  const datakeyref = el.attrs.datakeyref?.trim();
  const data = el.attrs.data;
  let url: string | undefined = '';
  const fromKey = datakeyref ? keyResourceUrl(el, datakeyref, state) : undefined;
  if (fromKey !== undefined) url = publishableUrl(fromKey, el, env);
  else if (data !== undefined && isExternalHref(data)) url = publishableUrl(data, el, env);
  else if (data !== undefined) {
    // A path out of the source is never written as is: the print would load the server's file.
    const f = resolveRelative(el.file, data);
    url = f !== undefined ? env.resource(f) : refuseOutsidePath(el, env);
  }
  const desc = firstChild(el, 'desc');
  const descHtml = desc !== undefined ? state.inline(desc.children) : '';
  if (url === undefined) return `<span${attrs(el, state, 'object')}>${descHtml}</span>`;
  let params = '';
  for (const p of el.children) {
    if (p.type !== 'element' || p.name !== 'param' || p.attrs.name === undefined) continue;
    const keyref = p.attrs.keyref?.trim();
    const keyed = keyref ? keyResourceUrl(p, keyref, state) : undefined;
    const value = keyed !== undefined ? publishableUrl(keyed, p, env) : p.attrs.value;
    if (value !== undefined) params += `<param name="${escapeAttr(p.attrs.name)}" value="${escapeAttr(value)}">`;
  }
  const longdesc = longDescription(el, state);
  const more = longdesc !== undefined ? `<a class="longdesc" href="${escapeAttr(longdesc.url)}">${longdesc.text ?? escapeText(longdesc.url)}</a>` : '';
  return `<object${attrs(el, state, 'object')} data="${escapeAttr(url)}"${el.attrs.type ? ` type="${escapeAttr(el.attrs.type)}"` : ''}>${params}${descHtml}</object>${more}`;
}

/** A <link> in <related-links>: its list item, and the group (concept, task, reference, other) it is listed under. */
export function relatedLink(l: XmlElement, env: RenderEnv, scope: KeyScope): { type: string; html: string } | undefined {
  const ltEl = firstChild(l, 'linktext');
  const descEl = firstChild(l, 'desc');
  let text = ltEl !== undefined ? escapeText(plainText(ltEl, scope)) : undefined;
  let url: string | undefined;
  let type = l.attrs.type ?? 'other';
  let external = l.attrs.scope === 'external';
  let shortdesc = descEl !== undefined ? plainText(descEl, scope) : undefined;
  // A topic of this publication the link leads to.
  let target: LinkTarget | undefined;
  const linked = (t: LinkTarget | undefined): LinkTarget | undefined => (t !== undefined && t.url !== '' ? t : undefined);
  if (l.attrs.keyref !== undefined) {
    const { path: key, fragment } = splitHrefKey(l.attrs.keyref);
    env.onKey(key);
    const def = scope.resolve(key);
    const lt = def !== undefined && text === undefined ? keyLinkText(def) : undefined;
    if (lt !== undefined)
      text = escapeText(
        lt
          .map((n) => (n.type === 'text' ? n.text : textContent(n)))
          .join('')
          .trim(),
      );
    const to = def !== undefined ? keyTarget(def, fragment, env) : undefined;
    if (to !== undefined && def !== undefined && (def.scope !== 'local' || isExternalHref(def.href ?? '') || !isDitaResource(def))) {
      url = to.url;
      external = to.external;
      text ??= to.title;
    } else if (to !== undefined) target = linked(to);
  }
  if (url === undefined && target === undefined && l.attrs.href !== undefined) {
    const href = l.attrs.href;
    if (isExternalHref(href) || external || l.attrs.scope === 'peer') {
      const peer = l.attrs.scope === 'peer';
      const own = asWritten(href, l.file, l, env, peer, true);
      // Listed as text, as a refused scheme is.
      if (own === undefined) return { type, html: `<li class="link">${text ?? escapeText(href)}</li>` };
      url = peer ? peerUrl(own, l.attrs.format) : own;
      external = !peer;
    } else {
      const { path: p, fragment } = splitHref(href);
      const file = p === '' ? l.file : resolveRelative(l.file, p);
      if (file !== undefined) target = linked(env.link(file, fragment));
      else refuseOutsidePath(l, env);
    }
  }
  if (target !== undefined) {
    url = target.url;
    text ??= linkTitle(target, env.text);
    shortdesc ??= target.shortdesc;
    if (target.type) type = l.attrs.type ?? target.type;
  }
  if (url === undefined) return undefined;
  if (publishableUrl(url, l, env, true) === undefined)
    return { type, html: `<li class="link">${text ?? escapeText(l.attrs.href ?? l.attrs.keyref ?? '')}</li>` };
  const ext = external ? ' target="_blank" rel="external noopener"' : '';
  const desc = shortdesc ? `<p class="linkdesc">${escapeText(shortdesc)}</p>` : '';
  return { type, html: `<li class="link"><a href="${escapeAttr(url)}"${ext}>${text ?? escapeText(l.attrs.href ?? l.attrs.keyref ?? '')}</a>${desc}</li>` };
}
