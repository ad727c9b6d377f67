import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusForTests } from '../../../test-support/corpus';
import { generatedText, hasGeneratedText, isRightToLeft } from '../src/html/generated-text.js';

/** The corpus (CCMS_CORPUS_DIR, or ../shared beside the repository); absent on a plain clone: skipped. */
const CORPUS_DIR = corpusForTests();

describe.skipIf(CORPUS_DIR === undefined)('the languages DITA-OT documents (topics/globalization-languages.dita)', () => {
  it('has generated text for every language code DITA-OT lists, right to left where DITA-OT says so', () => {
    const xml = readFileSync(path.join(CORPUS_DIR ?? '', 'topics/globalization-languages.dita'), 'utf8');
    const rows = [...xml.matchAll(/<row>([\s\S]*?)<\/row>/g)].map((m) => [...(m[1] ?? '').matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((e) => e[1] ?? ''));
    const codes: string[] = [];
    for (const [name, code, notes] of rows) {
      if (name === undefined || code === undefined || !/<ph xml:lang=/.test(name)) continue;
      const listed = code
        .replace(/<[^>]+>/g, '')
        .split(/[\s,]+/)
        .filter((w) => w !== 'or' && /^[a-z]{2}(-[A-Za-z0-9]+)*$/.test(w));
      for (const c of listed) {
        codes.push(c);
        expect(hasGeneratedText(c), c).toBe(true);
        expect(isRightToLeft(c), c).toBe((notes ?? '').includes('right-to-left'));
      }
    }
    // The table lists some fifty languages; a parse that found few would prove nothing.
    expect(codes.length).toBeGreaterThan(70);
    // The table's own words name each language: Bosnian and Montenegrin have their tables.
    expect(generatedText('bs-BA').figure).toBe('Slika');
    expect(generatedText('sr-Latn-ME').notes.attention).toBe('Pažnja');
  });
});
