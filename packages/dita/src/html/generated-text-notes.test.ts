import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture } from '../../test/fixture-helpers.js';
import { generatedText } from './generated-text.js';

// DITA-OT 4.x's strings-*.xml (org.dita.base/xsl/common): "Trouble" is translated in most languages, "Notice" only in
// French and Slovenian; elsewhere DITA-OT writes its English words, its lookup falling back to en.
describe('Trouble and Notice labels as DITA-OT has them', () => {
  it.each([
    ['de-DE', 'Problem', 'Notice'],
    ['fr-FR', 'Incident', 'AVIS'],
    ['fr-CA', 'Incident', 'AVIS'],
    ['sl-SI', 'Težava', 'Objava'],
    ['ja-JP', '問題', 'Notice'],
    ['ru-RU', 'Неполадка', 'Notice'],
    ['sr-Latn-RS', 'Problem', 'Notice'],
    ['pt-BR', 'Problema', 'Notice'],
    ['zh-TW', '問題描述', 'Notice'],
    ['zh-CN', '故障', 'Notice'],
    ['en-US', 'Trouble', 'Notice'],
  ])('%s: %s, %s', (lang, trouble, notice) => {
    const t = generatedText(lang);
    expect(t.notes.trouble).toBe(trouble);
    expect(t.notes.notice).toBe(notice);
  });

  it('writes English where DITA-OT has no string of the language (Italian, Vietnamese, Bosnian, Montenegrin)', () => {
    for (const lang of ['it', 'vi', 'bs', 'sr-Latn-ME']) {
      expect(generatedText(lang).notes.trouble, lang).toBe('Trouble');
      expect(generatedText(lang).notes.notice, lang).toBe('Notice');
    }
  });

  it('labels a trouble note and a notice in the topic’s language', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/>'),
      'a.dita': CONCEPT('a', 'A', '<note type="trouble">Kaputt.</note><note type="notice">Hinweis.</note>').replace(
        '<concept id="a">',
        '<concept id="a" xml:lang="de-DE">',
      ),
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain('<span class="note__title">Problem: </span> Kaputt.');
    expect(html).toContain('<span class="note__title">Notice: </span> Hinweis.');
    out.cleanup();
  });
});
