import type { GeneratedTextPart } from './generated-text-types.js';

/**
 * Terms generated-text-ditaot.ts (DITA-OT 1.5.3's HTML string tables) lacks or words otherwise, as DITA-OT has
 * them, from https://github.com/dita-ot/dita-ot (Apache License 2.0); a language's own words over 1.5.3's.
 *
 * - relatedLinks ("Related Links"), tableOfContents ("Table of Contents", the PDF contents heading), see ("Index
 *   See String"), seeAlso ("Index See Also String") and page ("Page"): DITA-OT 4.x's PDF variables,
 *   src/main/plugins/org.dita.pdf2/cfg/common/vars/<lang>.xml (pt-br: pt_BR.xml, zh-tw: zh_TW.xml), the commit of
 *   each file read beside its language. The words only: the separator around the index strings (", See ") and the
 *   page number parameter (" Seite <pagenum>") are dropped; ja and ko keep the colon their index strings end with.
 *   Spanish's file says "Contents" (in English) for the contents heading, and DITA-OT writes that.
 * - footnotes ("Notes"): DITA-OT 1.5.3's xsl/common/strings-<lang>.xml (the Debian/Ubuntu dita-ot 1.5.3 package);
 *   4.x's src/main/plugins/org.dita.base/xsl/common/strings-{de-de,ru-ru,sv-se}.xml say the same.
 *
 * Where a language's file has no such string or leaves it a TODO (fi, he, ru, sv "Related Links"; ru "Page"),
 * DITA-OT falls back to the default language: the term is left out here, and the 1.5.3 table (relatedLinks:
 * its "Related information", as generated-text-ditaot.ts explains) or else English applies. DITA-OT has no string
 * at all for troubleshooting, condition, cause, remedy or revision: those are English in every language. Do not
 * add words DITA-OT lacks.
 *
 * Separately, search and noResults are not DITA-OT terms: they are the product's own HTML search box (its
 * placeholder and empty result), worded per language by the product, and kept here so the box speaks the page's
 * language.
 */
type DitaotTerms = Pick<GeneratedTextPart, 'relatedLinks' | 'tableOfContents' | 'see' | 'seeAlso' | 'page'>;

/** From org.dita.pdf2/cfg/common/vars/<lang>.xml; the comment names the file's commit. */
const DITAOT_PDF_VARS: Record<string, DitaotTerms> = {
  // ar.xml 03a60f3b
  ar: { relatedLinks: 'المعلومات المتعلقة', tableOfContents: 'المحتوﻳات', see: 'أنظر', seeAlso: 'أنظر أﻳضا', page: 'الصفحة' },
  // cs.xml 03a60f3b
  cs: { relatedLinks: 'Související informace', tableOfContents: 'Obsah', see: 'Viz', seeAlso: 'Viz též', page: 'stránka' },
  // da.xml 03a60f3b
  da: { relatedLinks: 'Beslægtede oplysninger', tableOfContents: 'Indholdsfortegnelse', see: 'Se', seeAlso: 'Se også', page: 'side' },
  // de.xml 07f49901
  de: { relatedLinks: 'Verwandte Links', tableOfContents: 'Inhalt', see: 'Siehe', seeAlso: 'Siehe auch', page: 'Seite' },
  // el.xml 03a60f3b
  el: { relatedLinks: 'Συναφείς πληροφορίες', tableOfContents: 'Περιεχόμενα', see: 'Βλ.', seeAlso: 'Βλ. επίσης', page: 'Σελίδα' },
  // es.xml 07f49901 and bd591e61
  es: { relatedLinks: 'Vínculos relacionados', tableOfContents: 'Contents', see: 'Ver', seeAlso: 'Ver también', page: 'página' },
  // fi.xml 03a60f3b ("Related Links" a TODO)
  fi: { tableOfContents: 'Sisällys', see: 'Katso', seeAlso: 'Katso myös', page: 'sivu' },
  // fr.xml 07f49901
  fr: { relatedLinks: 'Liens connexes', tableOfContents: 'Table des matières', see: 'Voir', seeAlso: 'Voir aussi', page: 'la page' },
  // he.xml 07f49901 ("Related Links" a TODO)
  he: { tableOfContents: 'תוכן העניינים', see: 'ראה', seeAlso: 'ראה גם', page: 'עמוד' },
  // hu.xml 03a60f3b
  hu: { relatedLinks: 'Kapcsolódó tájékoztatás', tableOfContents: 'Tartalom', see: 'Lásd', seeAlso: 'Lásd még', page: 'oldal' },
  // it.xml 07f49901
  it: { relatedLinks: 'Collegamenti correlati', tableOfContents: 'Sommario', see: 'Vedi', seeAlso: 'Vedi anche', page: 'pagina' },
  // ja.xml 00ffa666
  ja: { relatedLinks: '関連リンク', tableOfContents: '目次', see: '次を参照 :', seeAlso: '次も参照 :', page: 'ページ' },
  // ko.xml 03a60f3b
  ko: { relatedLinks: '관련 정보', tableOfContents: '목차', see: '참고:', seeAlso: '참조:', page: '페이지' },
  // nl.xml 03a60f3b
  nl: { relatedLinks: 'Verwante onderwerpen', tableOfContents: 'Inhoudsopgave', see: 'zie', seeAlso: 'Zie ook', page: 'pagina' },
  // no.xml 03a60f3b
  no: { relatedLinks: 'Beslektet informasjon', tableOfContents: 'Innhold', see: 'Se', seeAlso: 'Se også', page: 'side' },
  // pl.xml 03a60f3b
  pl: { relatedLinks: 'Informacje pokrewne', tableOfContents: 'Spis treści', see: 'Patrz', seeAlso: 'Patrz także', page: 'Strona' },
  // pt_BR.xml 03a60f3b
  'pt-br': { relatedLinks: 'Informações relacionadas', tableOfContents: 'Índice', see: 'Veja', seeAlso: 'Veja também', page: 'página' },
  // pt.xml 03a60f3b
  pt: { relatedLinks: 'Informações relacionadas', tableOfContents: 'Índice', see: 'Consulte', seeAlso: 'Consulte também', page: 'página' },
  // ru.xml 03a60f3b ("Related Links" and "Page" TODOs)
  ru: { tableOfContents: 'Содержание', see: 'См.', seeAlso: 'См. также' },
  // sv.xml 07f49901 ("Related Links" a TODO)
  sv: { tableOfContents: 'Innehållsförteckning', see: 'Se', seeAlso: 'Se Även', page: 'sidan' },
  // tr.xml 03a60f3b
  tr: { relatedLinks: 'İlgili bilgiler', tableOfContents: 'İçindekiler', see: 'Bkz.', seeAlso: 'Ayrıca bkz.', page: 'Sayfa' },
  // zh_TW.xml 03a60f3b
  'zh-tw': { relatedLinks: '相關資訊', tableOfContents: '目錄', see: '請參閱', seeAlso: '請亦參閱', page: '頁' },
  // uk.xml 03a60f3b
  uk: { relatedLinks: "Зв'язана інформація", tableOfContents: 'Зміст', see: 'Див.', seeAlso: 'Див. також', page: 'стор.' },
  // sk.xml 03a60f3b
  sk: { relatedLinks: 'Súvisiace informácie', tableOfContents: 'Obsah', see: 'Pozri', seeAlso: 'Pozri tiež', page: 'strana' },
};

/** "Notes" from DITA-OT 1.5.3's xsl/common/strings-<file>.xml (the file beside each language). */
const DITAOT_NOTES: Record<string, string> = {
  ar: 'ملاحظات', // ar-eg
  cs: 'Poznámky', // cs-cz
  da: 'Bemærkninger', // da-dk
  de: 'Anmerkungen', // de-de
  el: 'Σημειώσεις', // el-gr
  es: 'Notas', // es-es
  fi: 'Huomautuksia', // fi-fi
  fr: 'Remarques', // fr-fr
  he: 'הערות', // he-il
  hu: 'Megjegyzések', // hu-hu
  it: 'Note', // it-it
  ja: '注', // ja-jp
  ko: '주', // ko-kr
  nl: 'Opmerkingen', // nl-nl
  no: 'Merknader', // no-no
  pl: 'Uwagi', // pl-pl
  'pt-br': 'Notas', // pt-br
  pt: 'Notas', // pt-pt
  ru: 'Прим.', // ru-ru
  sv: 'Anm', // sv-se
  tr: 'Notlar', // tr-tr
  'zh-tw': '註', // zh-tw
  uk: 'Примітки', // uk-ua
  sk: 'Poznámky', // sk-sk
};

/** The product's own search box (not DITA-OT's): placeholder/button word and the empty-result line. */
const SEARCH_BOX: Record<string, { search: string; noResults: string }> = {
  ar: { search: 'بحث', noResults: 'لا توجد نتائج' },
  cs: { search: 'Hledat', noResults: 'Žádné výsledky' },
  da: { search: 'Søg', noResults: 'Ingen resultater' },
  de: { search: 'Suchen', noResults: 'Keine Ergebnisse' },
  el: { search: 'Αναζήτηση', noResults: 'Δεν βρέθηκαν αποτελέσματα' },
  es: { search: 'Buscar', noResults: 'No hay resultados' },
  fi: { search: 'Haku', noResults: 'Ei tuloksia' },
  fr: { search: 'Rechercher', noResults: 'Aucun résultat' },
  he: { search: 'חיפוש', noResults: 'אין תוצאות' },
  hu: { search: 'Keresés', noResults: 'Nincs találat' },
  it: { search: 'Cerca', noResults: 'Nessun risultato' },
  ja: { search: '検索', noResults: '結果がありません' },
  ko: { search: '검색', noResults: '결과 없음' },
  nl: { search: 'Zoeken', noResults: 'Geen resultaten' },
  no: { search: 'Søk', noResults: 'Ingen resultater' },
  pl: { search: 'Szukaj', noResults: 'Brak wyników' },
  'pt-br': { search: 'Pesquisar', noResults: 'Nenhum resultado' },
  pt: { search: 'Procurar', noResults: 'Sem resultados' },
  ru: { search: 'Поиск', noResults: 'Нет результатов' },
  sv: { search: 'Sök', noResults: 'Inga resultat' },
  tr: { search: 'Ara', noResults: 'Sonuç yok' },
  'zh-tw': { search: '搜尋', noResults: '沒有結果' },
  uk: { search: 'Пошук', noResults: 'Немає результатів' },
  sk: { search: 'Hľadať', noResults: 'Žiadne výsledky' },
};

export const EXTRA_TEXT: Record<string, GeneratedTextPart> = Object.fromEntries(
  [...new Set([...Object.keys(DITAOT_PDF_VARS), ...Object.keys(DITAOT_NOTES), ...Object.keys(SEARCH_BOX)])].map((lang) => {
    const box = SEARCH_BOX[lang];
    const footnotes = DITAOT_NOTES[lang];
    const part: GeneratedTextPart = {
      ...DITAOT_PDF_VARS[lang],
      ...(footnotes !== undefined ? { footnotes } : {}),
      ...(box !== undefined ? { search: box.search, searchPlaceholder: box.search, noResults: box.noResults } : {}),
    };
    return [lang, part];
  }),
);
