/**
 * Generated DITA topics for the round-trip tests and the benchmark: every modelled element, plus
 * what a lossless editor must carry through untouched (comments, processing instructions, entity
 * and character references, CDATA, odd whitespace and quoting, unknown elements, DOCTYPE subsets).
 * Deterministic: the same seed gives the same topics.
 */

export function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

const WORDS = 'install configure the plug-in build output topic map key filter publish check folder command option value'.split(' ');

class Gen {
  constructor(readonly rnd: () => number) {}
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rnd() * list.length)] as T;
  }
  chance(p: number): boolean {
    return this.rnd() < p;
  }
  words(n: number): string {
    return Array.from({ length: n }, () => this.pick(WORDS)).join(' ');
  }
  /** Whitespace between blocks: usually newline + indentation, sometimes odd. */
  ws(depth: number): string {
    if (this.chance(0.1)) return this.pick(['', ' ', '\n\n', '\t', '\r\n  ']);
    return `\n${'  '.repeat(depth)}`;
  }
  attrs(): string {
    let s = '';
    if (this.chance(0.3)) s += ` id="e${Math.floor(this.rnd() * 1e6)}"`;
    if (this.chance(0.15)) s += ` outputclass='x ${this.pick(WORDS)}'`;
    if (this.chance(0.1)) s += `  audience = "admin"`;
    if (this.chance(0.1)) s += ` platform="linux windows" product="p&amp;q"`;
    if (this.chance(0.05)) s += ` props="a" otherprops="b" data-x="y"`;
    return s;
  }
  /** Inline content with phrases, references, entities and the odd comment. */
  inline(depth = 0): string {
    const parts: string[] = [];
    const n = 1 + Math.floor(this.rnd() * 5);
    for (let i = 0; i < n; i++) {
      const r = this.rnd();
      if (r < 0.4 || depth > 2) parts.push(this.words(1 + Math.floor(this.rnd() * 6)));
      else if (r < 0.6) {
        const tag = this.pick(['b', 'i', 'u', 'sup', 'sub', 'codeph', 'uicontrol', 'wintitle', 'term', 'keyword', 'filepath', 'ph', 'cmdname', 'varname']);
        parts.push(`<${tag}${this.attrs()}>${this.inline(depth + 1)}</${tag}>`);
      } else if (r < 0.65) parts.push('<menucascade><uicontrol>File</uicontrol><uicontrol>Save</uicontrol></menucascade>');
      else if (r < 0.7)
        parts.push(
          this.pick([
            '<xref href="other.dita#t"/>',
            '<xref keyref="k1">see</xref>',
            `<xref href='https://example.com' scope="external" format="html">site</xref>`,
          ]),
        );
      else if (r < 0.75) parts.push(this.pick(['<keyword keyref="product"/>', '<term keyref="glossary-term"></term>', '<ph conref="lib.dita#lib/ph1"/>']));
      else if (r < 0.8) parts.push(this.pick(['&amp;', '&lt;tag&gt;', '&#160;', '&#xA0;', '&quot;', '&product;', '&apos;']));
      else if (r < 0.84)
        parts.push(
          this.pick(['<!-- inline note -->', '<?oxy_comment_start author="a"?>x<?oxy_comment_end?>', '<indexterm>index<indexterm>sub</indexterm></indexterm>']),
        );
      else if (r < 0.88) parts.push('<image href="img/a.png"><alt>An image</alt></image>');
      else if (r < 0.9) parts.push('<unknownphrase a="1">odd <b>bold</b></unknownphrase>');
      else parts.push(`${this.words(3)}\n${'  '.repeat(depth + 3)}${this.words(2)}`);
    }
    return parts.join(this.pick([' ', '', '\n      ']));
  }
  p(_depth: number): string {
    return this.chance(0.05) ? `<p${this.attrs()}/>` : `<p${this.attrs()}>${this.inline()}</p>`;
  }
  list(depth: number): string {
    const tag = this.pick(['ul', 'ol']);
    const items = Array.from({ length: 1 + Math.floor(this.rnd() * 4) }, () => {
      const body = this.chance(0.5) ? this.inline() : `${this.ws(depth + 2)}${this.p(depth + 2)}${this.ws(depth + 1)}`;
      return `${this.ws(depth + 1)}<li${this.attrs()}>${body}</li>`;
    });
    return `<${tag}${this.attrs()}>${items.join('')}${this.ws(depth)}</${tag}>`;
  }
  block(depth: number): string {
    const r = this.rnd();
    if (r < 0.35) return this.p(depth);
    if (r < 0.5) return this.list(depth);
    if (r < 0.55) return `<sl>${this.ws(depth + 1)}<sli>${this.inline()}</sli>${this.ws(depth + 1)}<sli>${this.words(2)}</sli>${this.ws(depth)}</sl>`;
    if (r < 0.6)
      return `<dl>${this.ws(depth + 1)}<dlentry>${this.ws(depth + 2)}<dt>${this.words(1)}</dt>${this.ws(depth + 2)}<dd>${this.inline()}</dd>${this.ws(depth + 1)}</dlentry>${this.ws(depth)}</dl>`;
    if (r < 0.66)
      return `<note type="${this.pick(['note', 'tip', 'caution', 'warning'])}"${this.attrs()}>${this.chance(0.5) ? this.inline() : this.p(depth + 1)}</note>`;
    if (r < 0.7)
      return `<codeblock${this.attrs()}>${this.pick(['<![CDATA[if (a < b && c) {\n  x();\n}]]>', 'line 1\n    line 2 &amp; <b>bold</b>\n', '<![CDATA[]]>'])}</codeblock>`;
    if (r < 0.72) return `<pre>  keep   spaces\n\ttabs</pre>`;
    if (r < 0.75)
      return `<fig${this.attrs()}>${this.ws(depth + 1)}<title>${this.words(2)}</title>${this.ws(depth + 1)}<image href="a.png" placement="break"/>${this.ws(depth)}</fig>`;
    if (r < 0.8) return this.simpletable(depth);
    if (r < 0.86) return this.table(depth);
    if (r < 0.9)
      return this.pick([
        '<!-- a block comment -->',
        '<?pi-target some data?>',
        '<draft-comment author="x">check <b>this</b></draft-comment>',
        '<div><p>in a div</p></div>',
      ]);
    if (r < 0.93) return `<p conref="lib.dita#lib/p1"/>`;
    return `<lq>${this.inline()}</lq>`;
  }
  simpletable(depth: number): string {
    const cols = 1 + Math.floor(this.rnd() * 3);
    const row = (tag: string) =>
      `${this.ws(depth + 1)}<${tag}>${Array.from({ length: cols }, () => `${this.ws(depth + 2)}<stentry>${this.inline()}</stentry>`).join('')}${this.ws(depth + 1)}</${tag}>`;
    return `<simpletable${this.attrs()} relcolwidth="1* 2*">${this.chance(0.5) ? row('sthead') : ''}${row('strow')}${row('strow')}${this.ws(depth)}</simpletable>`;
  }
  table(depth: number): string {
    const i = (d: number) => `\n${'  '.repeat(depth + d)}`;
    const spans = this.chance(0.5);
    const head = `${i(2)}<thead>${i(3)}<row>${i(4)}<entry>H1</entry>${i(4)}<entry>H2</entry>${i(4)}<entry>H3</entry>${i(3)}</row>${i(2)}</thead>`;
    const body = spans
      ? `${i(3)}<row>${i(4)}<entry namest="c1" nameend="c2">${this.inline()}</entry>${i(4)}<entry morerows="1">x</entry>${i(3)}</row>${i(3)}<row>${i(4)}<entry>a</entry>${i(4)}<entry><p>b</p></entry>${i(3)}</row>`
      : `${i(3)}<row${this.attrs()}>${i(4)}<entry>${this.inline()}</entry>${i(4)}<entry/>${i(4)}<entry>c</entry>${i(3)}</row>`;
    return `<table${this.attrs()} frame="all">${i(1)}<title>${this.words(2)}</title>${i(1)}<tgroup cols="3">${i(2)}<colspec colname="c1" colwidth="1*"/>${i(2)}<colspec colname="c2"/>${i(2)}<colspec colname="c3"/>${this.chance(0.6) ? head : ''}${i(2)}<tbody>${body}${i(2)}</tbody>${i(1)}</tgroup>${i(0)}</table>`;
  }
  blocks(depth: number, n: number): string {
    return Array.from({ length: n }, () => this.ws(depth) + this.block(depth)).join('');
  }
  section(depth: number): string {
    const title = this.chance(0.7) ? `${this.ws(depth + 1)}<title>${this.inline()}</title>` : '';
    const mixed = this.chance(0.2) ? `${this.ws(depth + 1)}${this.words(4)} <b>mixed</b> text` : '';
    return `<section${this.attrs()}>${title}${mixed}${this.blocks(depth + 1, 1 + Math.floor(this.rnd() * 4))}${this.ws(depth)}</section>`;
  }
  step(depth: number, tag = 'step'): string {
    let s = `<${tag}${this.attrs()}>${this.ws(depth + 1)}<cmd>${this.inline()}</cmd>`;
    if (this.chance(0.4)) s += `${this.ws(depth + 1)}<info>${this.chance(0.5) ? this.inline() : this.p(depth + 2)}</info>`;
    if (tag === 'step' && this.chance(0.2))
      s += `${this.ws(depth + 1)}<substeps>${this.ws(depth + 2)}${this.step(depth + 2, 'substep')}${this.ws(depth + 2)}${this.step(depth + 2, 'substep')}${this.ws(depth + 1)}</substeps>`;
    if (tag === 'step' && this.chance(0.15))
      s += `${this.ws(depth + 1)}<choices>${this.ws(depth + 2)}<choice>${this.inline()}</choice>${this.ws(depth + 2)}<choice>${this.words(2)}</choice>${this.ws(depth + 1)}</choices>`;
    if (this.chance(0.3)) s += `${this.ws(depth + 1)}<stepresult>${this.inline()}</stepresult>`;
    return `${s}${this.ws(depth)}</${tag}>`;
  }
}

const PUBLIC: Record<string, string> = {
  topic: '-//OASIS//DTD DITA Topic//EN',
  concept: '-//OASIS//DTD DITA Concept//EN',
  task: '-//OASIS//DTD DITA Task//EN',
  reference: '-//OASIS//DTD DITA Reference//EN',
  glossentry: '-//OASIS//DTD DITA Glossary Entry//EN',
  troubleshooting: '-//OASIS//DTD DITA Troubleshooting//EN',
};

/** One generated topic; `blocks` sets its size (about 6 lines per block). */
export function generateTopic(seed: number, blocks = 8): string {
  const g = new Gen(prng(seed));
  const type = g.pick(['topic', 'concept', 'task', 'reference', 'glossentry', 'troubleshooting'] as const);
  const decl = g.pick(['<?xml version="1.0" encoding="UTF-8"?>\n', "<?xml version='1.0' encoding='utf-8' standalone='no'?>\r\n", '']);
  const subset = g.chance(0.3) ? ' [\n  <!ENTITY product "CCMS">\n  <!-- subset comment ] -->\n  <!ENTITY % local "ignore">\n]' : '';
  const doctype = `<!DOCTYPE ${type} PUBLIC "${PUBLIC[type]}" "${type}.dtd"${subset}>\n`;
  const lead = g.chance(0.3) ? '<!-- generated topic -->\n<?xml-stylesheet type="text/css" href="s.css"?>\n' : '';
  const id = `t${seed}`;
  let body: string;
  if (type === 'task') {
    const steps = Array.from({ length: 1 + Math.floor(blocks / 2) }, () => `${g.ws(3)}${g.step(3)}`).join('');
    body = `<taskbody>${g.ws(2)}<prereq>${g.inline()}</prereq>${g.ws(2)}<context>${g.blocks(3, 1)}${g.ws(2)}</context>${g.ws(2)}<steps>${steps}${g.ws(2)}</steps>${g.ws(2)}<result>${g.p(3)}</result>${g.ws(2)}<postreq>${g.inline()}</postreq>${g.ws(1)}</taskbody>`;
  } else if (type === 'glossentry') {
    body = `<glossdef>${g.inline()}</glossdef>`;
  } else if (type === 'troubleshooting') {
    body = `<troublebody>${g.ws(2)}<condition>${g.p(3)}</condition>${g.ws(2)}<troubleSolution>${g.ws(3)}<cause>${g.p(4)}</cause>${g.ws(3)}<remedy>${g.ws(4)}<steps>${g.ws(5)}${g.step(5)}${g.ws(4)}</steps>${g.ws(3)}</remedy>${g.ws(2)}</troubleSolution>${g.ws(1)}</troublebody>`;
  } else {
    const tag = type === 'concept' ? 'conbody' : type === 'reference' ? 'refbody' : 'body';
    const content =
      type === 'reference'
        ? Array.from({ length: Math.ceil(blocks / 3) }, () => `${g.ws(2)}${g.section(2)}`).join('')
        : `${g.blocks(2, blocks)}${Array.from({ length: Math.ceil(blocks / 4) }, () => `${g.ws(2)}${g.section(2)}`).join('')}`;
    body = `<${tag}${g.attrs()}>${content}${g.ws(1)}</${tag}>`;
  }
  const titleTag = type === 'glossentry' ? 'glossterm' : 'title';
  const prolog = g.chance(0.3) ? `\n  <prolog><metadata><keywords><keyword>k</keyword></keywords></metadata></prolog>` : '';
  const shortdesc = type !== 'glossentry' && g.chance(0.7) ? `\n  <shortdesc>${g.inline()}</shortdesc>` : '';
  const rootAttrs = g.attrs().replace(/ id="[^"]*"/, '');
  return `${decl}${lead}${doctype}<${type} id="${id}" xml:lang="en-us"${rootAttrs}>\n  <${titleTag}>${g.inline()}</${titleTag}>${shortdesc}${prolog}\n  ${body}\n</${type}>${g.pick(['\n', '', '\n\n<!-- trailing -->\n'])}`;
}

/** `count` generated topics. */
export function generateCorpus(count: number, seed = 1): string[] {
  return Array.from({ length: count }, (_, i) => generateTopic(seed * 100_003 + i));
}
