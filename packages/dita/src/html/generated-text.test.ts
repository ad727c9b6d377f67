import { describe, expect, it } from 'vitest';
import { CONCEPT, MAP, mainOf, publishFixture, TASK } from '../../test/fixture-helpers.js';
import { loadProject } from '../project/dita-project.js';
import { MemorySource } from '../source/file-source.js';
import { GENERATED_LANGUAGES, generatedText, hasGeneratedText } from './generated-text.js';

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
    // Terms 1.5.3's HTML tables lack come from DITA-OT 4.x's PDF variables (org.dita.pdf2/cfg/common/vars/de.xml).
    expect(generatedText('de').tableOfContents).toBe('Inhalt');
    expect(generatedText('de').seeAlso).toBe('Siehe auch');
    // DITA-OT has no troubleshooting headings in any language: English, as DITA-OT falls back.
    expect(generatedText('de').cause).toBe('Cause');
    // A TODO in the language's PDF file: the 1.5.3 table's "Related information" stands (strings-ru-ru.xml).
    expect(generatedText('ru').relatedLinks).toBe('Информация, связанная с данной');
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
    // strings-fr-fr.xml: ColonSymbol " :" (a space before the colon, as French writes it).
    expect(html).toContain('<span class="note__title">Conseil : </span> fr');
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

  it('maps regional variants to their language, and regions with their own table to it', () => {
    expect(generatedText('de-AT').figure).toBe('Abbildung');
    expect(generatedText('de-AT').notes.note).toBe('Anmerkung');
    expect(generatedText('en-AU').steps).toBe('Procedure');
    expect(hasGeneratedText('en-AU')).toBe(true);
    // strings-zh-tw.xml for Hong Kong, Macao and Traditional script.
    for (const l of ['zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-HK']) expect(generatedText(l).figure, l).toBe('圖');
    expect(generatedText('zh-SG').figure).toBe('图');
    // fr-CA has its own table: strings-fr-ca.xml writes the colon without the space France puts before it.
    expect(generatedText('fr-CA').colon).toBe(': ');
    expect(generatedText('fr-FR').colon).toBe(' : ');
    expect(generatedText('fr-BE').colon).toBe(' : ');
    expect(generatedText('fr-CA').notes.tip).toBe('Conseil');
    // Serbian in both scripts: strings-sr-latn-rs.xml and strings-sr-sp.xml.
    expect(generatedText('sr-Latn').figure).toBe('Ilustracija');
    // Montenegrin: later DITA-OT's strings-sr-latn-me.xml.
    expect(generatedText('sr-Latn-ME').notes.note).toBe('Zabilješka');
    expect(generatedText('sr-RS').figure).toBe('Илустрација');
    expect(generatedText('sr-Cyrl-RS').figure).toBe('Илустрација');
    // Portuguese: strings-pt-br.xml and strings-pt-pt.xml ("Tópico pai" / "Tópico ascendente").
    expect(generatedText('pt-BR').parentTopic).toBe('Tópico pai');
    expect(generatedText('pt-PT').parentTopic).toBe('Tópico ascendente');
    expect(generatedText('pt-PT').figure).toBe('Figura');
    // "pt" alone is Portugal's (1.5.3's strings.xml, and later DITA-OT's language list: "pt or pt-PT").
    expect(generatedText('pt').parentTopic).toBe('Tópico ascendente');
    // nl-BE's own words (strings-nl-be.xml), Dutch for the rest.
    expect(generatedText('nl-BE').notes.danger).toBe('GEVAAR!');
    expect(generatedText('nl-BE').steps).toBe(generatedText('nl-NL').steps);
    // Old ISO 639 codes, Latin American Spanish, Kazakh of Kazakhstan, Malay of Brunei.
    expect(generatedText('in').figure).toBe('Gambar');
    expect(generatedText('iw-IL').figure).toBe('תרשים');
    expect(generatedText('es-419').figure).toBe('Figura');
    expect(generatedText('kk-KZ').figure).toBe('Сурет');
    expect(generatedText('ms-BN').table).toBe('Jadual');
    expect(hasGeneratedText('tlh')).toBe(false);
  });

  it('takes the nearest xml:lang: an ancestor topic, else the map, else the publication (DITA 1.3 "The xml:lang attribute")', async () => {
    const nested = (lang: string) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n<concept id="a"><title>A</title><conbody/><concept id="b"${lang}><title>B</title><conbody/><concept id="c"><title>C</title><conbody><note>n</note></conbody></concept></concept></concept>\n`;
    const files = {
      'map.ditamap': MAP('<topicref href="n.dita#c"/><topicref href="plain.dita"/>'),
      'n.dita': nested(' xml:lang="de-DE"'),
      'plain.dita': CONCEPT('plain', 'Plain', '<note>n</note>'),
    };
    // c inherits b's German though neither it nor the file's root topic sets a language.
    let out = await publishFixture(files);
    const c = out.read('n.html');
    expect(c).toContain('<html lang="de-DE">');
    expect(mainOf(c)).toContain('<span class="note__title">Anmerkung: </span> n');
    expect(mainOf(out.read('plain.html'))).toContain('<span class="note__title">Note: </span> n');
    out.cleanup();
    // A topic without xml:lang takes the map's.
    out = await publishFixture({ ...files, 'map.ditamap': MAP('<topicref href="plain.dita"/>', ' xml:lang="ja-JP"') });
    expect(out.read('plain.html')).toContain('<html lang="ja-JP">');
    expect(mainOf(out.read('plain.html'))).toContain('<span class="note__title">注: </span> n');
    out.cleanup();
    // Neither topic nor map: the publication's language; a map's xml:lang comes first.
    out = await publishFixture({ ...files, 'map.ditamap': MAP('<topicref href="plain.dita"/>') }, { lang: 'fi-FI' });
    expect(mainOf(out.read('plain.html'))).toContain('<span class="note__title">Huomautus: </span> n');
    out.cleanup();
    out = await publishFixture({ ...files, 'map.ditamap': MAP('<topicref href="plain.dita"/>', ' xml:lang="sv-SE"') }, { lang: 'fi-FI' });
    expect(mainOf(out.read('plain.html'))).toContain('<span class="note__title">Anm: </span> n');
    out.cleanup();
  });

  it('names a figure in the language of the element that links, not of its page', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/>'),
      'a.dita': CONCEPT(
        'a',
        'A',
        '<fig id="f1"><title>One</title><image href="a.png"/></fig><p xml:lang="de-DE"><xref href="#a/f1"/></p><p><xref href="#a/f1"/></p><p xml:lang="he-IL">x</p>',
      ),
    });
    const html = mainOf(out.read('a.html'));
    expect(html).toContain('<p class="p" lang="de-DE"><a class="xref" href="#a__f1">Abbildung 1</a></p>');
    expect(html).toContain('<p class="p"><a class="xref" href="#a__f1">Figure 1</a></p>');
    // Hebrew is written right to left: the element says so.
    expect(html).toContain('<p class="p" lang="he-IL" dir="rtl">x</p>');
    out.cleanup();
  });

  it('says so when a language has no words of its own, rather than writing English silently', async () => {
    const out = await publishFixture({
      'map.ditamap': MAP('<topicref href="a.dita"/>'),
      'a.dita': CONCEPT('a', 'A', '<note xml:lang="tlh">n</note>'),
    });
    expect(mainOf(out.read('a.html'))).toContain('<span class="note__title">Note: </span> n');
    const p = out.problems.find((x) => x.code === 'lang-no-generated-text');
    expect(p?.severity).toBe('warning');
    expect(p?.message).toContain('"tlh"');
    expect(p?.file).toBe('a.dita');
    out.cleanup();
  });

  it('keeps the publication language when a changed map is read again (incremental build)', async () => {
    const files = { 'map.ditamap': MAP('<topicref href="plain.dita"/>'), 'plain.dita': CONCEPT('plain', 'Plain', '<p>x</p>') };
    const first = await loadProject({ source: new MemorySource(files), map: 'map.ditamap', lang: 'fi-FI' });
    expect(first.map.lang).toBe('fi-FI');
    const changed = { ...files, 'map.ditamap': MAP('<topicref href="plain.dita" navtitle="P"/>') };
    const again = await loadProject({ ...first.options, source: new MemorySource(changed), previous: first, changed: ['map.ditamap'] });
    expect(again.map.lang).toBe('fi-FI');
    // Without a publication language, a map without xml:lang is English, DITA-OT's default.
    expect((await loadProject({ source: new MemorySource(files), map: 'map.ditamap' })).map.lang).toBe('en');
  });
});
