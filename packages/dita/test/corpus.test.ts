import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusForTests } from '../../../test-support/corpus';
import { keyVariableContent } from '../src/keys/key-space.js';
import { splitHrefKey } from '../src/links/href.js';
import { plainText } from '../src/model/plain-text.js';
import type { PublishResult } from '../src/publisher.js';
import { publish } from '../src/publisher.js';
import { FolderSource } from '../src/source/file-source.js';
import { textContent } from '../src/xml/xml-dom.js';
import { mainOf, stripTags, tempDir } from './fixture-helpers.js';

/** The corpus (CCMS_CORPUS_DIR, or ../shared beside the repository); absent on a plain clone: skipped. */
const CORPUS_DIR = corpusForTests();
const CORPUS = CORPUS_DIR ?? '';

describe.skipIf(CORPUS_DIR === undefined)('DITA-OT docs corpus (userguide.ditamap)', () => {
  let work: string;
  let result: PublishResult;
  const out = () => path.join(work, 'out');

  beforeAll(async () => {
    work = tempDir();
    cpSync(CORPUS, path.join(work, 'src'), { recursive: true });
    result = await publish({ source: new FolderSource(path.join(work, 'src')), map: 'userguide.ditamap', format: 'html5', out: out() });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('publishes every topic of the map to HTML5', () => {
    expect(result.pages).toBe(204);
    expect(existsSync(path.join(out(), 'index.html'))).toBe(true);
    expect(existsSync(path.join(out(), 'topics/using-dita-command.html'))).toBe(true);
  });

  it('pins the problems: references the corpus cannot satisfy, each located', () => {
    const byCode: Record<string, number> = {};
    for (const p of result.problems) byCode[p.code] = (byCode[p.code] ?? 0) + 1;
    expect(byCode).toEqual({ 'conref-missing-file': 265, 'topic-missing': 95, 'link-broken': 80 });
    for (const p of result.problems) {
      expect(p.file).not.toBe('');
      expect(p.line).toBeGreaterThan(0);
      expect(p.column).toBeGreaterThan(0);
    }
    // Every file reported missing is really absent (DITA-OT generates most of them during its own build).
    for (const p of result.problems) {
      const f = /file (\S+) (not found|could not be read)/.exec(p.message)?.[1];
      if (f !== undefined) expect(existsSync(path.join(CORPUS, f)), p.message).toBe(false);
    }
  });

  it('builds the print document of the bookmap, whose root has <bookmeta>, without crashing', async () => {
    const r = await publish({
      source: new FolderSource(path.join(work, 'src')),
      map: 'userguide-book.ditamap',
      format: 'pdf',
      out: path.join(work, 'pdf'),
      chromium: '/nonexistent/chromium',
    });
    expect(r.problems.filter((p) => p.code.startsWith('pdf-')).map((p) => p.code)).toEqual(['pdf-browser-missing']);
    expect(r.pages).toBe(204);
    const printed = readFileSync(path.join(work, 'pdf/print.html'), 'utf8');
    // The title's <keyword keyref="release"/> resolves (4.4, from the key definitions), as in DITA-OT's own PDF.
    expect(printed).toContain('<section class="cover"><h1>DITA Open Toolkit Release 4.4</h1><p class="product">DITA Open Toolkit</p></section>');
  });

  it('resolves every keyref and conkeyref that has a target, in the output', () => {
    const build = result.build;
    if (build === undefined) throw new Error('no build');
    const { project, plan } = build;
    let checkedConkeyrefs = 0;
    let checkedKeywords = 0;
    let checkedXrefs = 0;
    for (const ref of project.references) {
      if (ref.status !== 'resolved' || ref.key === undefined) continue;
      const page = plan.pageByFile.get(ref.file);
      if (page === undefined) continue;
      const html = readFileSync(path.join(out(), page.outPath), 'utf8');
      const text = stripTags(mainOf(html)).replace(/[™®℠@<>]/g, '');
      if (ref.kind === 'conkeyref' && ref.targetFile !== undefined) {
        const target = project.docs.get(ref.targetFile)?.find(ref.targetFragment);
        const snippet =
          target !== undefined
            ? plainText(target, project.scopeOf(ref.file))
                .replace(/[™®℠@<>]/g, '')
                .split(' ')
                .slice(0, 3)
                .join(' ')
            : '';
        if (snippet !== '') {
          expect(text, `${ref.file}:${ref.line} ${ref.value}`).toContain(snippet);
          checkedConkeyrefs++;
        }
      } else if (ref.kind === 'keyref' && (ref.element === 'keyword' || ref.element === 'ph')) {
        const def = project.scopeOf(ref.file).resolve(splitHrefKey(ref.value).path);
        const nodes = def !== undefined ? keyVariableContent(def) : undefined;
        const want = nodes
          ?.map((n) => (n.type === 'text' ? n.text : textContent(n)))
          .join('')
          .replace(/\s+/g, ' ')
          .trim();
        if (want) {
          expect(text, `${ref.file}:${ref.line} ${ref.value}`).toContain(want);
          checkedKeywords++;
        }
      } else if (ref.kind === 'xref' && ref.targetFile !== undefined && plan.pageByFile.has(ref.targetFile)) {
        const target = plan.pageByFile.get(ref.targetFile);
        const rel = path.posix.relative(path.posix.dirname(page.outPath), target?.outPath ?? '');
        expect(html, `${ref.file}:${ref.line} ${ref.value}`).toContain(`href="${target === page ? '#' : rel}`);
        checkedXrefs++;
      }
    }
    expect({ checkedConkeyrefs, checkedKeywords, checkedXrefs }).toEqual({ checkedConkeyrefs: 136, checkedKeywords: 59, checkedXrefs: 82 });
    // No key text is left unresolved where the key has text: no empty keyword spans.
    for (const page of plan.pages) {
      const html = readFileSync(path.join(out(), page.outPath), 'utf8');
      expect(html).not.toMatch(/<span class="keyword"><\/span>/);
    }
  });
});
