import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, TASK } from '../../test/fixture-helpers.js';
import { GENERATED_LANGUAGES, generatedText } from './generated-text.js';

// Expected words are DITA-OT's own (xsl/common/strings-<lang>.xml), not the engine's output.
describe('generated text in the content language', () => {
  it('has DITA-OT terms for more than twenty languages, every term filled', () => {
    expect(GENERATED_LANGUAGES.length).toBeGreaterThanOrEqual(20);
    for (const lang of GENERATED_LANGUAGES) {
      const t = generatedText(lang);
      for (const [k, v] of Object.entries(t)) {
        if (typeof v === 'string') expect(v, `${lang}.${k}`).not.toBe('');
      }
      for (const type of ['note', 'tip', 'caution', 'danger', 'warning', 'notice', 'trouble']) expect(t.notes[type], `${lang} note ${type}`).toBeTruthy();
    }
  });

  it('chooses the table as DITA-OT does: region, case, "_", fallbacks', () => {
    expect(generatedText('de-DE').figure).toBe('Abbildung');
    expect(generatedText('de_ch').table).toBe('Tabelle');
    expect(generatedText('fr-CA').steps).toBe('Procédure');
    expect(generatedText('ja').notes.note).toBe('注');
    expect(generatedText('nl-NL').steps).toBe('Procedure');
    expect(generatedText('nb-NO').steps).toBe('Prosedyre');
    expect(generatedText('zh-Hant-TW').steps).toBe('程序');
    expect(generatedText('zh-CN').steps).toBe('过程');
    expect(generatedText('pt-BR').example).toBe(generatedText('pt').example);
    // A language without a table, and no language at all, give English.
    expect(generatedText('tlh').steps).toBe('Procedure');
    expect(generatedText(undefined).figure).toBe('Figure');
    // Terms DITA-OT 1.5.3's tables lack (troubleshooting headings) come from generated-text-extra.ts.
    expect(generatedText('de').cause).toBe('Ursache');
  });

  it('labels a note by the nearest element with xml:lang, inside a topic in another language', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="c.dita"/>'),
      'c.dita': CONCEPT(
        'c',
        'Mixed',
        '<note type="important">en</note><div xml:lang="de-DE"><note type="important">de</note></div><note xml:lang="fr-FR" type="tip">fr</note>',
      ),
    });
    const html = mainOf(out.read('c.html'));
    expect(html).toContain('<span class="note__title">Important: </span> en');
    expect(html).toContain('<span class="note__title">Wichtig: </span> de');
    expect(html).toContain('<span class="note__title">Conseil: </span> fr');
    out.cleanup();
  });

  it('writes task headings in the topic language (Japanese, Russian)', async () => {
    const body = '<prereq><p>p</p></prereq><steps><step><cmd>c</cmd></step></steps><result><p>r</p></result>';
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="ja.dita"/><topicref href="ru.dita"/>'),
      'ja.dita': TASK('ja', 'ja', body).replace('<task id="ja">', '<task id="ja" xml:lang="ja-JP">'),
      'ru.dita': TASK('ru', 'ru', body).replace('<task id="ru">', '<task id="ru" xml:lang="ru-RU">'),
    });
    const ja = mainOf(out.read('ja.html'));
    const ru = mainOf(out.read('ru.html'));
    for (const [html, lang] of [
      [ja, 'ja'],
      [ru, 'ru'],
    ] as const) {
      const t = generatedText(lang);
      expect(html).toContain(`tasklabel">${t.prereq}</h2>`);
      expect(html).toContain(`tasklabel">${t.steps}</h2>`);
      expect(html).toContain(`${t.result}</h2>`);
    }
    expect(ja).toContain('tasklabel">手順</h2>');
    expect(ru).toContain('tasklabel">Процедура</h2>');
    out.cleanup();
  });

  it('names a titled figure or table "Figure N" / "Table N" in a cross reference without text, numbered by file as DITA-OT', async () => {
    const fig = (id: string, title: string) => `<fig id="${id}"><title>${title}</title><image href="a.png"/></fig>`;
    const table = '<table id="t1"><title>Sizes</title><tgroup cols="1"><tbody><row><entry>x</entry></row></tbody></tgroup></table>';
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/><topicref href="b.dita"/>'),
      'a.dita': CONCEPT('a', 'A', `${fig('f1', 'One')}<fig id="plain"><image href="a.png"/></fig>${fig('f2', 'Two')}${table}`),
      'b.dita': CONCEPT('b', 'B', '<p><xref href="a.dita#a/f2"/> <xref href="a.dita#a/t1"/> <xref href="a.dita#a/f1">own text</xref></p>').replace(
        '<concept id="b">',
        '<concept id="b" xml:lang="de-DE">',
      ),
    });
    const a = mainOf(out.read('a.html'));
    expect(a).toContain('<span class="fig--title-label">Figure 1. </span>One');
    expect(a).toContain('<span class="fig--title-label">Figure 2. </span>Two');
    expect(a).toContain('<span class="table--title-label">Table 1. </span>');
    const b = mainOf(out.read('b.html'));
    expect(b).toMatch(/<a class="xref" href="a\.html#a__f2">Abbildung 2<\/a>/);
    expect(b).toMatch(/<a class="xref" href="a\.html#a__t1">Tabelle 1<\/a>/);
    expect(b).toMatch(/<a class="xref" href="a\.html#a__f1">own text<\/a>/);
    out.cleanup();
  });
});
