/**
 * The "Trouble" and "Notice" labels (DITA 1.3's note types trouble and notice, and hazardstatement's notice) as
 * DITA-OT 4.x's string tables have them: src/main/plugins/org.dita.base/xsl/common/strings-<lang>.xml of
 * https://github.com/dita-ot/dita-ot (Apache License 2.0), the commit of each file read beside its language.
 *
 * DITA-OT 1.5.3 (generated-text-ditaot.ts) has neither label. Where a language's file has no "Trouble", or leaves
 * "Notice" in English (marked TODO) or lacks it, DITA-OT writes English: its lookup (dita-utilities.xsl, findString)
 * falls back to the default language, en, whose file says "Trouble" and "Notice". The engine does the same: such a
 * language has no entry (or no such field) here, and the English label applies. Do not add words DITA-OT lacks.
 */
export const DITAOT_NOTE_LABELS: Record<string, { trouble?: string; notice?: string }> = {
  ar: { trouble: 'المشكلة' }, // ar-eg 6a0da830
  be: { trouble: 'Непаладка' }, // be-by 6a0da830
  bg: { trouble: 'Проблем' }, // bg-bg aea5df41
  ca: { trouble: 'Problema' }, // ca-es 400c3378
  cs: { trouble: 'Problém' }, // cs-cz 6a0da830
  da: { trouble: 'Problem' }, // da-dk 400c3378
  de: { trouble: 'Problem' }, // de-de 0b90703f
  el: { trouble: 'πρόβλημα' }, // el-gr 0f253da6
  es: { trouble: 'Problema' }, // es-es 3fcfd890
  et: { trouble: 'Probleem' }, // et-ee 0f253da6
  fi: { trouble: 'Ongelma' }, // fi-fi 728ee414
  fr: { trouble: 'Incident', notice: 'AVIS' }, // fr-fr 6a0da830
  he: { trouble: 'בעיה' }, // he-il 000a2201
  hi: { trouble: 'समस्या' }, // hi-in 000a2201
  hr: { trouble: 'Problem' }, // hr-hr 000a2201
  hu: { trouble: 'Hiba' }, // hu-hu 3fcfd890
  id: { trouble: 'Masalah' }, // id-id 000a2201 (scripts/ditaot-strings)
  is: { trouble: 'Vandamál' }, // is-is 0f253da6
  ja: { trouble: '問題' }, // ja-jp 6a0da830
  kk: { trouble: 'Қиындық' }, // kk-kz (scripts/ditaot-strings)
  ko: { trouble: '문제점' }, // ko-kr 000a2201
  lt: { trouble: 'Problema' }, // lt-lt 3fcfd890
  lv: { trouble: 'Problēma' }, // lv-lv 728ee414
  mk: { trouble: 'Проблем' }, // mk-mk 0b9b1e55
  ms: { trouble: 'Masalah' }, // ms-my (scripts/ditaot-strings)
  nl: { trouble: 'Probleem' }, // nl-nl 400c3378
  no: { trouble: 'Problem' }, // no-no 0f253da6
  pl: { trouble: 'Problem' }, // pl-pl 0f253da6
  pt: { trouble: 'Problema' }, // pt-pt 0f253da6
  'pt-br': { trouble: 'Problema' }, // pt-br 3fcfd890
  ro: { trouble: 'Problemă' }, // ro-ro 6af23fe5
  ru: { trouble: 'Неполадка' }, // ru-ru aea5df41
  sk: { trouble: 'Problém' }, // sk-sk 6af23fe5
  sl: { trouble: 'Težava', notice: 'Objava' }, // sl-si 400c3378
  sr: { trouble: 'Проблем' }, // sr-sp 728ee414
  'sr-latn': { trouble: 'Problem' }, // sr-latn-rs 0f253da6
  sv: { trouble: 'Problem' }, // sv-se 0f253da6
  th: { trouble: 'ปัญหา' }, // th-th 400c3378
  tr: { trouble: 'Sorun' }, // tr-tr 728ee414
  uk: { trouble: 'Неполадка' }, // uk-ua 3fcfd890
  ur: { trouble: 'مشکل/پریشانی' }, // ur-pk 6a0da830
  zh: { trouble: '故障' }, // zh-cn 400c3378
  'zh-tw': { trouble: '問題描述' }, // zh-tw 3fcfd890
};
